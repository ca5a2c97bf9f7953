/** How bench modes print: a table of figures with their targets, then one JSON line for scripts. */

export type ReportRow = [name: string, value: string, target: string];

export function printTable(title: string, rows: ReportRow[]): void {
  console.log(`\n${title}\n`);
  for (const [name, value, target] of rows) console.log(`${name.padEnd(48)} ${value.padStart(8)}   ${target}`);
}

/** The mode's figures as one JSON object: always the last line of stdout, for whatever reads it. */
export function printResult(result: Record<string, unknown>): void {
  console.log(JSON.stringify(result));
}

/** A figure rounded for the JSON line (2 decimals), keeping NaN visible as null. */
export function rounded(value: number, decimals = 2): number | null {
  return Number.isFinite(value) ? Number(value.toFixed(decimals)) : null;
}

export function elapsedSeconds(since: number): string {
  return ((Date.now() - since) / 1000).toFixed(0);
}
