/** Shapes shared by every list use case (DECISIONS D11). */
export interface SortKey<F extends string = string> {
  field: F;
  desc: boolean;
}

export interface PageRequest {
  limit: number;
  offset: number;
}

export interface Page<T> {
  items: T[];
  total: number;
  limit: number;
  offset: number;
}
