/** Typed arrays that grow as rows are appended: the index's columns and posting lists. */

type TypedArray = Int32Array | Uint8Array | Uint16Array | Float64Array;
type TypedArrayConstructor<T extends TypedArray> = new (length: number) => T;

export class Growable<T extends TypedArray> {
  values: T;
  length = 0;

  constructor(
    private readonly make: TypedArrayConstructor<T>,
    capacity = 4,
  ) {
    this.values = new make(capacity);
  }

  push(value: number): void {
    if (this.length === this.values.length) this.grow(this.length + 1);
    this.values[this.length++] = value;
  }

  /** Makes room for `capacity` values (doubling, so appends stay cheap). */
  grow(capacity: number): void {
    if (capacity <= this.values.length) return;
    const next = new this.make(Math.max(capacity, this.values.length * 2));
    next.set(this.values.subarray(0, this.length) as never);
    this.values = next;
  }

  /** Drops the spare capacity (after a bulk build, to give memory back). */
  trim(): void {
    if (this.values.length === this.length) return;
    const next = new this.make(this.length);
    next.set(this.values.subarray(0, this.length) as never);
    this.values = next;
  }
}

export const int32s = (capacity?: number) => new Growable(Int32Array, capacity);
export const bytes = (capacity?: number) => new Growable(Uint8Array, capacity);
export const float64s = (capacity?: number) => new Growable(Float64Array, capacity);
export const uint16s = (capacity?: number) => new Growable(Uint16Array, capacity);
