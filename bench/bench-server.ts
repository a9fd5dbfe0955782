/**
 * Starts `bench/server.ts` in its own process (the service, or a bare Fastify route with
 * BENCH_BARE=1) and reads the one JSON line it prints once it listens: its port, and for the
 * service a token and a task id to ask for.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import readline from 'node:readline';

export interface BenchServerInfo {
  port: number;
  token?: string;
  taskId?: string;
}

export async function startBenchServer(env: Record<string, string>, script = 'bench/server.ts'): Promise<{ child: ChildProcess; info: BenchServerInfo }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    const rl = readline.createInterface({ input: child.stdout! });
    rl.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { child, info: JSON.parse(line) };
}
