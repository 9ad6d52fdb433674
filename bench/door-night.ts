// The night at the door for door-fair.bench.ts: `doors` loops, each one door, take whatever is due next, so
// people go out to smoke and come back while others are still arriving. A smoker becomes due to go out once
// the door let them in and they have been inside `smokeMs`, and due to come back once their exit was recorded
// and they have been out `smokeMs`; among what is due a door takes the kind furthest behind its total, so
// arrivals, exits and re-entries keep pace with each other. One arrival in `entryRaceEvery` and one return in
// `reentryRaceEvery` is the same QR at two doors at the same moment (passed back to a friend).
import { setTimeout as sleep } from 'node:timers/promises';
import type { doorRequests, Timed } from './door-load.ts';

export type Kind = 'entry' | 'exit' | 'reentry';
type Due = { ticket: number; at: number };
type Job = { kind: Kind; ticket: number; raced: boolean };

export type NightPlan = {
  doors: number;
  tokens: string[];
  ticketIds: string[];
  // Indexes of the tickets whose holders go out once and come back.
  smokers: Set<number>;
  entryRaceEvery: number;
  reentryRaceEvery: number;
  smokeMs: number;
};

export class DoorNight {
  readonly results: Record<Kind, Timed[]> = { entry: [], exit: [], reentry: [] };
  // The two answers of each QR presented at two doors at once.
  readonly races: Record<'entry' | 'reentry', [string?, string?][]> = { entry: [], reentry: [] };
  private nextArrival = 0;
  private readonly due: Record<'exit' | 'reentry', Due[]> = { exit: [], reentry: [] };
  private readonly taken: Record<Kind, number> = { entry: 0, exit: 0, reentry: 0 };
  private readonly total: Record<Kind, number>;
  private inFlight = 0;
  // Time with at least one request in flight: the doors' waits for smokers to come back are not counted.
  private busySeconds = 0;
  private busySince = 0;

  private readonly plan: NightPlan;
  private readonly requests: ReturnType<typeof doorRequests>;

  constructor(plan: NightPlan, requests: ReturnType<typeof doorRequests>) {
    this.plan = plan;
    this.requests = requests;
    const smokers = plan.smokers.size;
    this.total = { entry: plan.tokens.length, exit: smokers, reentry: smokers };
  }

  // Until the last arrival has been let in: entries, with exits and returns as they fall due.
  arrivals = () => this.run('arrivals');
  // After it: the smokers still to go out or come back.
  lastRounds = () => this.run('last');

  get elapsedSeconds() {
    return this.busySeconds;
  }

  // What the doors have let happen so far, counted from successful answers.
  counted() {
    const { entry, exit, reentry } = this.results;
    return {
      entries: entry.filter((r) => r.outcome === 'valid').length,
      exits: exit.filter((r) => r.status === 200).length,
      reentries: reentry.filter((r) => r.outcome === 'reentry').length,
    };
  }

  private async run(phase: 'arrivals' | 'last') {
    await Promise.all(Array.from({ length: this.plan.doors }, (_, door) => this.door(door, phase)));
  }

  private async door(door: number, phase: 'arrivals' | 'last') {
    for (;;) {
      const job = this.pick(phase);
      if (job === 'done') return;
      if (job === 'wait') {
        await sleep(2);
        continue;
      }
      if (this.inFlight++ === 0) this.busySince = performance.now();
      await this.send(job, door);
      if (--this.inFlight === 0) this.busySeconds += (performance.now() - this.busySince) / 1000;
    }
  }

  private pick(phase: 'arrivals' | 'last'): Job | 'wait' | 'done' {
    if (phase === 'arrivals' && this.nextArrival >= this.plan.tokens.length) return 'done';
    const now = performance.now();
    const ready = (['exit', 'reentry'] as const).filter((kind) => (this.due[kind][0]?.at ?? Infinity) <= now);
    const kinds: Kind[] = phase === 'arrivals' ? ['entry', ...ready] : ready;
    if (!kinds.length) {
      const pending = this.inFlight > 0 || this.due.exit.length > 0 || this.due.reentry.length > 0;
      return pending ? 'wait' : 'done';
    }
    const behind = (kind: Kind) => this.taken[kind] / this.total[kind];
    const kind = kinds.reduce((a, b) => (behind(b) < behind(a) ? b : a));
    const nth = this.taken[kind]++;
    const ticket = kind === 'entry' ? this.nextArrival++ : this.due[kind].shift()!.ticket;
    const raced =
      (kind === 'entry' && nth % this.plan.entryRaceEvery === 0) ||
      (kind === 'reentry' && nth % this.plan.reentryRaceEvery === 0);
    return { kind, ticket, raced };
  }

  private async send({ kind, ticket, raced }: Job, door: number) {
    const { tokens, ticketIds, smokers, doors, smokeMs } = this.plan;
    if (kind === 'exit') {
      const answer = await this.requests.exit(ticketIds[ticket]!, door);
      this.results.exit.push(answer);
      if (answer.status === 200) this.due.reentry.push({ ticket, at: performance.now() + smokeMs });
      return;
    }
    const token = tokens[ticket]!;
    const answers = await Promise.all(
      raced
        ? [this.requests.scan(token, door), this.requests.scan(token, (door + 1) % doors)]
        : [this.requests.scan(token, door)],
    );
    this.results[kind].push(...answers);
    if (raced) this.races[kind].push([answers[0].outcome, answers[1]!.outcome]);
    if (kind === 'entry' && smokers.has(ticket) && answers.some((a) => a.outcome === 'valid'))
      this.due.exit.push({ ticket, at: performance.now() + smokeMs });
  }
}
