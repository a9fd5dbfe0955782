// autocannon ships no types; the benches use only this much of it.
declare module 'autocannon' {
  interface Result { requests: { average: number }; non2xx: number }
  interface Options { url: string; method?: string; connections?: number; duration?: number; headers?: Record<string, string>; body?: string }
  export default function autocannon(opts: Options): Promise<Result>;
}
