import type { PreviewDecision } from './preview';

/** The preview decision made once at start-up (bootstrap.tsx), read by the layout's banner. */
let current: PreviewDecision = { kind: 'none' };

export function setPreviewDecision(decision: PreviewDecision) {
  current = decision;
}

export function getPreviewDecision(): PreviewDecision {
  return current;
}
