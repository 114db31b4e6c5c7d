import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import type { Measurement } from './lib/results.ts';
import { repoRoot } from './lib/server.ts';

export interface RunReport {
  at: string;
  mode: 'full' | 'ci';
  database: 'pglite' | 'postgres';
  machine: { cpus: number; cpuModel: string; memoryGiB: number; node: string; platform: string; loadAverage: number[] };
  measurements: Measurement[];
  passed: boolean;
}

export function machine(): RunReport['machine'] {
  const cores = cpus();
  return {
    cpus: cores.length,
    cpuModel: cores[0]?.model ?? 'unknown',
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    loadAverage: [],
  };
}

/** bench/results.json keeps the latest full run per database, so a PostgreSQL run does not erase the PGlite one. */
export interface ResultsFile {
  latest: Partial<Record<RunReport['database'], RunReport>>;
}

export function writeResults(report: RunReport, file = join(repoRoot, 'bench/results.json')): void {
  let previous: ResultsFile = { latest: {} };
  try {
    if (existsSync(file)) previous = JSON.parse(readFileSync(file, 'utf8')) as ResultsFile;
  } catch {
    // an unreadable file is replaced
  }
  const next: ResultsFile = { latest: { ...previous.latest, [report.database]: report } };
  writeFileSync(file, `${JSON.stringify(next, null, 2)}\n`);
}

const verdict = (pass: boolean | null) => (pass === null ? '' : pass ? 'pass' : 'FAIL');

/** A fixed-width table for the terminal (and for pasting into PERFORMANCE.md, see markdownTable). */
export function printTable(report: RunReport): void {
  const rows = report.measurements.map((m) => [m.scenario, m.metric, formatValue(m), m.goal, verdict(m.pass), m.note ?? '']);
  const header = ['scenario', 'metric', 'value', 'goal', 'result', 'note'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column]!)).join('  ').trimEnd();
  const { machine: m } = report;
  console.log(`\nMesa benchmark (${report.mode}, ${report.database}) ${report.at}`);
  console.log(`${m.cpus} × ${m.cpuModel}, ${m.memoryGiB} GiB, Node ${m.node}, load average at start ${m.loadAverage.join(' ')}\n`);
  console.log(line(header));
  console.log(line(widths.map((width) => '-'.repeat(width))));
  for (const row of rows) console.log(line(row));
  console.log(`\n${report.passed ? 'All budgets met.' : 'Some budgets were missed (FAIL above).'}`);
}

export function markdownTable(report: RunReport): string {
  const escape = (text: string) => text.replace(/\|/g, '\\|');
  const rows = report.measurements.map(
    (m) => `| ${[m.scenario, m.metric, formatValue(m), m.goal, verdict(m.pass), m.note ?? ''].map(escape).join(' | ')} |`,
  );
  return ['| scenario | metric | value | goal | result | note |', '|---|---|---|---|---|---|', ...rows].join('\n');
}

function formatValue(m: Measurement): string {
  if (m.value === null) return '—';
  return m.unit ? `${m.value} ${m.unit}` : String(m.value);
}
