/** Hits and misses of one cache, counted in plain numbers so the caches stay free of the metrics library. */
export class CacheStats {
  hits = 0;
  misses = 0;

  hit(): void {
    this.hits++;
  }

  miss(): void {
    this.misses++;
  }
}
