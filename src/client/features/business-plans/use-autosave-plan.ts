import { useCallback, useEffect, useState } from 'react';
import type { Plan, PlanUpdate } from '#shared/business-plans.schemas.ts';
import { ApiRequestError } from '../../lib/api-client.ts';

export type SaveState =
  | { kind: 'saved'; at: Date | null }
  | { kind: 'pending' }
  | { kind: 'saving' }
  | { kind: 'offline' }
  | { kind: 'conflict'; message: string }
  | { kind: 'refused'; message: string };

type Draft = Omit<PlanUpdate, 'baseVersion'>;

/** Sends a whole plan from `baseVersion`; answers the saved plan's new version. */
export type SavePlan = (update: PlanUpdate) => Promise<{ version: number }>;
const SAVE_DELAY_MS = 800;
const RETRY_MS = 5000;
const storageKey = (id: string) => `business-plan-draft:${id}`;

/**
 * Sends a plan's latest copy to the server a short pause after each change, one request at a
 * time, keeping the copy on this device until the server has it; a failed send is retried.
 */
class PlanAutosaver {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private sending = false;

  private readonly id: string;
  private version: number;
  latest: Draft;
  private readonly report: (state: SaveState) => void;
  private readonly save: SavePlan;

  constructor(
    id: string,
    version: number,
    latest: Draft,
    report: (state: SaveState) => void,
    save: SavePlan,
  ) {
    this.id = id;
    this.version = version;
    this.latest = latest;
    this.report = report;
    this.save = save;
  }

  change(next: Draft): void {
    this.latest = next;
    store(this.id, this.version, next);
    this.report({ kind: 'pending' });
    this.schedule(SAVE_DELAY_MS);
  }

  schedule(delay: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), delay);
  }

  stop(): void {
    clearTimeout(this.timer);
  }

  private async flush(): Promise<void> {
    if (this.sending) return;
    this.sending = true;
    const sent = this.latest;
    this.report({ kind: 'saving' });
    try {
      const saved = await this.save({ ...sent, baseVersion: this.version });
      this.version = saved.version;
      if (this.latest === sent) {
        localStorage.removeItem(storageKey(this.id));
        this.report({ kind: 'saved', at: new Date() });
      } else {
        store(this.id, this.version, this.latest);
        this.report({ kind: 'pending' });
        this.schedule(SAVE_DELAY_MS);
      }
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 409) {
        localStorage.removeItem(storageKey(this.id));
        this.report({ kind: 'conflict', message: error.message });
      } else if (error instanceof ApiRequestError && error.status === 400) {
        this.report({ kind: 'refused', message: error.message });
      } else {
        this.report({ kind: 'offline' });
        this.schedule(RETRY_MS);
      }
    } finally {
      this.sending = false;
    }
  }
}

/**
 * The builder's working copy of a plan, saved while the customer types: every change is kept on
 * this device at once (a refresh or a dropped connection loses nothing) and sent to the server
 * after a short pause. A copy left on the device by an unsaved session is taken up again when it
 * was made from the plan's current version.
 */
export function useAutosavePlan(plan: Plan, save: SavePlan) {
  const [restored] = useState(() => {
    const stored = readStored(plan.id);
    return stored && stored.baseVersion === plan.version ? stored.draft : null;
  });
  const [draft, setDraft] = useState<Draft>(
    () =>
      restored ?? {
        name: plan.name,
        businessName: plan.businessName,
        sections: plan.sections,
        assumptions: plan.assumptions,
      },
  );
  const [state, setState] = useState<SaveState>(
    restored ? { kind: 'pending' } : { kind: 'saved', at: null },
  );
  const [saver] = useState(() => new PlanAutosaver(plan.id, plan.version, draft, setState, save));

  useEffect(() => {
    // A copy restored from this device goes to the server straight away.
    if (restored) saver.schedule(0);
    const online = () => saver.schedule(0);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      saver.stop();
    };
  }, [saver, restored]);

  const update = useCallback(
    (change: (current: Draft) => Draft) => {
      const next = change(saver.latest);
      setDraft(next);
      saver.change(next);
    },
    [saver],
  );

  return { draft, update, state };
}

function store(id: string, baseVersion: number, draft: Draft) {
  try {
    localStorage.setItem(storageKey(id), JSON.stringify({ baseVersion, draft }));
  } catch {
    // Storage full or disabled: the server copy is still saved.
  }
}

function readStored(id: string): { baseVersion: number; draft: Draft } | null {
  try {
    const raw = localStorage.getItem(storageKey(id));
    return raw ? (JSON.parse(raw) as { baseVersion: number; draft: Draft }) : null;
  } catch {
    return null;
  }
}
