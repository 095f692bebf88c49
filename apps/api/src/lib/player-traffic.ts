/**
 * When a player's money request (a bid, a funds request, a transfer, the wallet: the `betting` entries) last
 * arrived in this process. The push fan-out reads it to send slowly while players are placing bids (decision
 * 036, "The fan-out yields to bids"). Real time, not the market's clock: it measures traffic, not business.
 */
export class PlayerTraffic {
  private last = Number.NEGATIVE_INFINITY;

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** A money request arrived now. */
  note(): void {
    this.last = this.now();
  }

  /** Whether one arrived within the last `ms` milliseconds. */
  within(ms: number): boolean {
    return this.now() - this.last <= ms;
  }
}
