import { existsSync } from 'node:fs';
import { decideGate, type GateDecision } from '@board/shared/config/release-gate';
import {
  figuresOf,
  type HealthFigures,
  type ReleaseHealth,
  type ReleaseHealthSnapshot,
  refusedCountsKey,
  refusedOf,
} from '@board/shared/config/release-health';
import type { ReleasePointer } from '@board/shared/config/release-pointer';
import { type RemoteName, remoteNames } from '@board/shared/config/remotes';
import { type HealthStore, minuteOf } from '@board/shared/lib/health-store';
import type { LeaderLock } from '@board/shared/lib/leader-lock';
import type { Log } from '@board/shared/lib/request-log';
import { canaryFailed, promoted } from '@board/shared/release/pointer-changes';
import { ReleaseStore } from '@board/shared/release/release-store';

/**
 * The release gate (decision 036): every `intervalMs` (30 s), the one instance holding the lock
 * reads each remote's pointer from the environment's store, writes what visitors reported beside it
 * (`health.json`, what `pnpm release health` prints, with the beacons refused and why) and, for an
 * `--auto` canary, promotes it or rolls it back as its figures since it started decide: the pointer
 * written as `pnpm release` writes it (pointer-changes.ts), the decision and its figures in the
 * release log. New visitors follow within the 5 s the shell's servers keep a pointer.
 */
export interface ReleaseGateOptions {
  /** The environment's store (`<stores>/<env>`); undefined: no store, nothing to do. */
  storeRoot: () => string | undefined;
  health: HealthStore;
  lock: LeaderLock;
  intervalMs: number;
  /** The p75 LCP ratio that rolls a canary back (default 1.25, decision 036). */
  lcpRatio?: number;
  log: Log;
  now?: () => number;
  /** Each decision taken (the metrics). */
  decided?: (app: RemoteName, decision: GateDecision['action']) => void;
}

export interface ReleaseGate {
  /** One evaluation now (what the timer runs); resolves when it is done. */
  run(): Promise<void>;
  stop(): Promise<void>;
}

export function startReleaseGate(options: ReleaseGateOptions): ReleaseGate {
  const now = options.now ?? Date.now;
  let running: Promise<void> | null = null;
  const figures = async (app: RemoteName, version: string, from: number, to: number): Promise<HealthFigures> =>
    figuresOf(await options.health.read(app, version, from, to));

  async function evaluate(root: string, app: RemoteName) {
    const store = new ReleaseStore(root, app);
    if (!existsSync(store.dir)) return;
    const pointer = store.readPointer();
    if (!pointer.live) return;
    const minute = minuteOf(now());
    const health = async (role: ReleaseHealth['role'], version: string, percent?: number): Promise<ReleaseHealth> => ({
      role,
      version,
      ...(percent ? { percent } : {}),
      last10Minutes: await figures(app, version, minute - 9, minute),
      lastHour: await figures(app, version, minute - 59, minute),
    });
    const snapshot: ReleaseHealthSnapshot = {
      app,
      at: new Date(now()).toISOString(),
      counts: options.health.kind,
      releases: [
        await health('live', pointer.live),
        ...(pointer.canary ? [await health('canary', pointer.canary.version, pointer.canary.percent)] : []),
      ],
      refused: {
        last10Minutes: refusedOf(await options.health.read(app, refusedCountsKey, minute - 9, minute)),
        lastHour: refusedOf(await options.health.read(app, refusedCountsKey, minute - 59, minute)),
      },
    };
    const auto = pointer.canary?.auto;
    if (pointer.canary && auto) {
      const since = minuteOf(Date.parse(auto.startedAt));
      const canary = await figures(app, pointer.canary.version, since, minute);
      const live = await figures(app, pointer.live, since, minute);
      const decision = decideGate({
        canary,
        live,
        elapsedSeconds: (now() - Date.parse(auto.startedAt)) / 1000,
        windowSeconds: auto.windowSeconds,
        minViews: auto.minViews,
        ...(options.lcpRatio === undefined ? {} : { lcpRatio: options.lcpRatio }),
      });
      snapshot.gate = { decision: decision.action, reason: decision.reason, canary, live };
      if (decision.action !== 'wait') act(store, pointer, decision, { canary, live });
      options.decided?.(app, decision.action);
    }
    store.writeHealth(snapshot);
  }

  function act(store: ReleaseStore, pointer: ReleasePointer, decision: GateDecision, figures: unknown) {
    const version = pointer.canary?.version as string;
    const rollback = decision.action === 'rollback';
    store.writePointer(rollback ? canaryFailed(pointer) : promoted(pointer, version));
    store.appendLog({
      by: 'gate',
      action: rollback ? 'rollback' : 'promote',
      version,
      reason: decision.reason,
      figures,
    });
    options.log({
      time: new Date(now()).toISOString(),
      level: rollback ? 'warn' : 'info',
      message: rollback
        ? `release gate: ${store.app} ${version} rolled back and marked failed`
        : `release gate: ${store.app} ${version} promoted`,
      reason: decision.reason,
    });
  }

  async function runOnce() {
    const root = options.storeRoot();
    if (!root || !(await options.lock.acquire())) return;
    for (const app of remoteNames) {
      try {
        await evaluate(root, app);
      } catch (error) {
        options.log({
          time: new Date(now()).toISOString(),
          level: 'error',
          message: `release gate: ${app} not evaluated`,
          error: String(error),
        });
      }
    }
  }

  const run = () => {
    running ??= runOnce().finally(() => {
      running = null;
    });
    return running;
  };
  const timer = setInterval(() => void run(), options.intervalMs);
  timer.unref();
  return {
    run,
    async stop() {
      clearInterval(timer);
      await running;
      await options.lock.release();
      await options.lock.close();
    },
  };
}
