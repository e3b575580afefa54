/** Reads the bot's /metrics like Prometheus does, and looks series up by name and labels. */
import { expect } from 'vitest';

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Parses the text exposition format (comments skipped, label values unescaped). */
export function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, raw] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[key!] = raw!.replace(/\\(.)/g, '$1');
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

export class Scrape {
  constructor(readonly samples: Sample[]) {}

  static async of(url: string, headers: Record<string, string> = {}): Promise<Scrape> {
    const response = await fetch(url, { headers });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    return new Scrape(parseMetrics(await response.text()));
  }

  /** Every series of `name` whose labels include `labels`. */
  series(name: string, labels: Record<string, string> = {}): Sample[] {
    return this.samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  }

  /** The sum over the matching series (0 when there is none). */
  value(name: string, labels: Record<string, string> = {}): number {
    return this.series(name, labels).reduce((sum, s) => sum + s.value, 0);
  }

  /** A histogram's cumulative bucket counts by upper bound, for one label set. */
  buckets(name: string, labels: Record<string, string>): Map<string, number> {
    return new Map(this.series(`${name}_bucket`, labels).map((s) => [s.labels.le!, s.value]));
  }
}
