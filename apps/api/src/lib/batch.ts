/**
 * Coalesces lookups by key that arrive in the same turn of the event loop into one call of `load` (the
 * DataLoader pattern). Every caller still gets what the database holds when that call runs: nothing is kept
 * after it answers. Under load, requests parsed in the same turn share one query instead of one each.
 */
export class Batcher<K, V> {
  readonly #load: (keys: K[]) => Promise<Map<K, V>>;
  readonly #max: number;
  #pending = new Map<K, Array<{ resolve: (value: V) => void; reject: (error: unknown) => void }>>();
  #scheduled = false;

  /** `load` answers every key it is given; a key it leaves out rejects with an error. */
  constructor(load: (keys: K[]) => Promise<Map<K, V>>, options: { max?: number } = {}) {
    this.#load = load;
    this.#max = options.max ?? 500;
  }

  get(key: K): Promise<V> {
    return new Promise<V>((resolve, reject) => {
      const waiting = this.#pending.get(key);
      if (waiting) waiting.push({ resolve, reject });
      else this.#pending.set(key, [{ resolve, reject }]);
      if (this.#pending.size >= this.#max) this.#flush();
      else if (!this.#scheduled) {
        this.#scheduled = true;
        // After the I/O callbacks of this turn: every request read in it has had its say.
        setImmediate(() => this.#flush());
      }
    });
  }

  #flush(): void {
    this.#scheduled = false;
    const batch = this.#pending;
    if (batch.size === 0) return;
    this.#pending = new Map();
    this.#load([...batch.keys()]).then(
      (values) => {
        for (const [key, waiting] of batch) {
          const value = values.get(key);
          for (const w of waiting) {
            if (value === undefined) w.reject(new Error(`no value loaded for ${String(key)}`));
            else w.resolve(value);
          }
        }
      },
      (error: unknown) => {
        for (const waiting of batch.values()) for (const w of waiting) w.reject(error);
      },
    );
  }
}
