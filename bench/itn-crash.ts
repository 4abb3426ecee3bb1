import { startPayfastStandIn } from '../tests/stubs/payfast-stand-in.ts';
import { checkPaidOnce, orderWithItn, registerCustomer, sendItn } from './lib/itn-orders.ts';
import { serverProcess } from './lib/server-process.ts';

/**
 * Nothing lost, nothing twice, across a crash: a real server process (embedded database in a
 * fresh folder, or a new database on the DATABASE_URL server) gets a burst of genuine ITNs for
 * many orders, some sent twice, and is killed with SIGKILL in the middle of it. It is started
 * again, PayFast's retries arrive (every ITN that got no 200), and then every order must be paid
 * once, with one payment marked paid and one invoice, in an unbroken invoice series. Prints what
 * it found; exits 1 if not.
 * Usage: npm run bench:itn-crash [-- orders]
 */
const orderCount = Number(process.argv[2] ?? 40);
const validate = await startPayfastStandIn();
const server = await serverProcess({ name: 'crash', validateUrl: validate.validateUrl });
await server.start();
// One customer, many orders, each with its PayFast form.
const cookie = await registerCustomer(server, {
  fullName: 'Crash Test',
  email: 'crash@example.co.za',
});
const itns: { reference: string; body: string }[] = [];
for (let i = 0; i < orderCount; i++) {
  itns.push(await orderWithItn(server, cookie, String(5_000_000 + i)));
}

// The burst: every ITN, a third of them twice, ten at a time; SIGKILL once half have been sent.
const answered = new Set<string>();
const sendAll = async (list: typeof itns) => {
  for (let i = 0; i < list.length; i += 10) {
    await Promise.all(
      list.slice(i, i + 10).map(async (itn) => {
        if ((await sendItn(server, itn.body)) === 200) answered.add(itn.reference);
      }),
    );
  }
};
const burst = [...itns, ...itns.filter((_, i) => i % 3 === 0)];
const killed = sendAll(burst);
await new Promise((r) => setTimeout(r, 150 + Math.random() * 300));
server.kill();
await killed;
const answeredBeforeKill = answered.size;

// Restart; PayFast sends again every ITN it got no 200 for. A check that was running at the
// kill is taken up again when its 2-minute lease ends.
await server.start();
const restartedAt = Date.now();
await sendAll(itns.filter((itn) => !answered.has(itn.reference)));
let settledAfter = -1;
while (Date.now() - restartedAt < 180_000) {
  const mine = await server.get<{ status: string }[]>('/api/orders', cookie);
  if (mine.length >= orderCount && mine.every((order) => order.status === 'paid')) {
    settledAfter = Date.now() - restartedAt;
    break;
  }
  await new Promise((r) => setTimeout(r, 500));
}
await server.stop();

const database = server.openDatabase();
const checked = await checkPaidOnce(
  database.db,
  itns.map((itn) => itn.reference),
);
checked.problems.forEach((line) => console.log(line));
const problems = checked.problems.length;
const { numbers, unbroken } = checked;
await database.close();
await server.close();
await validate.close();

console.log(
  `orders: ${orderCount}; ITNs sent in the burst: ${burst.length}; answered 200 before the SIGKILL: ${answeredBeforeKill}`,
);
console.log(
  `after the restart and PayFast's retries: ${orderCount - problems} of ${orderCount} orders paid once with one invoice` +
    (settledAfter >= 0
      ? `; the customer saw them all paid ${(settledAfter / 1000).toFixed(1)} s after the restart`
      : '; the customer did not see them all paid within 3 minutes'),
);
console.log(
  `invoice numbers ${numbers[0]}–${numbers.at(-1)} (${numbers.length}): ${unbroken ? 'unbroken' : 'BROKEN'}`,
);
process.exit(problems === 0 && unbroken && numbers.length === orderCount ? 0 : 1);
