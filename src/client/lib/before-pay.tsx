import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';

/** What a part of the checkout does when the customer pays: saves what they typed, or says why not. */
export type BeforePayStep = () => Promise<void>;

type Steps = Set<{ current: BeforePayStep }>;

const StepsContext = createContext<Steps | null>(null);

/**
 * The steps the checkout's parts from other features (the invoice details) register inside a
 * `BeforePayScope`; `runBeforePay` does each in turn and throws the first refusal.
 */
export function useBeforePaySteps(): Steps {
  const [steps] = useState<Steps>(() => new Set());
  return steps;
}

export async function runBeforePay(steps: Steps): Promise<void> {
  for (const step of steps) await step.current();
}

export function BeforePayScope({ steps, children }: { steps: Steps; children: ReactNode }) {
  return <StepsContext.Provider value={steps}>{children}</StepsContext.Provider>;
}

/** Runs `step` when the customer pays, while this part is on the checkout; elsewhere nothing. */
export function useBeforePay(step: BeforePayStep): void {
  const steps = useContext(StepsContext);
  const latest = useRef(step);
  useEffect(() => {
    latest.current = step;
  });
  useEffect(() => {
    if (!steps) return;
    steps.add(latest);
    return () => {
      steps.delete(latest);
    };
  }, [steps]);
}
