/**
 * A bound on how many of one kind of CPU-heavy job run at once in this process, with a short line behind them.
 * Image decoding is the case: libvips uses every core for one large image, so a handful sent together would
 * starve every other request; past the line, the caller is told to try again rather than queued without end.
 */
export class Gate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly concurrency: number,
    private readonly maxWaiting: number,
  ) {}

  /** Runs `job` when a place is free; answers `undefined` without running it when the line is full. */
  async run<T>(job: () => Promise<T>): Promise<{ value: T } | undefined> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting) return undefined;
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return { value: await job() };
    } finally {
      // The place passes straight to the next in line, so `running` never dips and lets a newcomer jump it.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  get busy(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }
}
