/** AI34 pre-research report: the outline (analysis directory) and the report built from it. */
import { ORGANIZATIONS, patentsFor } from './patents.js';
import { rngFrom, topicOf } from './random.js';

export type DirectoryEntry = {
  key: string;
  name: string;
  source_type: string;
};

const SECTIONS: readonly (readonly [string, string])[] = [
  ['TECH_RESEARCH_TECHNICAL_BACKGROUND', 'Technical background and goals'],
  ['TECH_RESEARCH_MARKET_ANALYSIS', 'Market analysis'],
  ['TECH_RESEARCH_TECHNOLOGY_STATUS_CHALLENGES', 'Technology status and challenges'],
  ['TECH_RESEARCH_EVOLUTION_PATH', 'Evolution path'],
  ['TECH_RESEARCH_HEAD_PLAYER_ANALYSIS', 'Leading players'],
  ['TECH_RESEARCH_TECHNICAL_SCHEME_REVIEW', 'Review of technical schemes'],
  ['TECH_RESEARCH_KEY_PATENT_INTERPRETATION', 'Key patents'],
  ['TECH_RESEARCH_IDEA_SUMMARY', 'Summary of ideas'],
];

export function defaultDirectory(issues: string): DirectoryEntry[] {
  const topic = topicOf(issues, 40);
  return SECTIONS.map(([key, name]) => ({ key, name: `${name}: ${topic}`, source_type: 'model' }));
}

export function headPlayers(issues: string) {
  const rng = rngFrom('players', issues);
  return {
    players: rng.sample(ORGANIZATIONS, 4).map((org) => ({ name: org.name, country: org.country, patent_count: rng.between(40, 900) })),
  };
}

export function keyPatents(issues: string) {
  return {
    patents: patentsFor(issues, 3, 'key-patents').map((p) => ({
      pn: p.pn,
      title: p.title,
      assignee: p.assignee.name,
      interpretation: `${p.title} covers the core structure; claims require thickness ≤ 20 µm.`,
    })),
  };
}

/** The report text, one line per paragraph, section by section in the confirmed outline's order. */
export function reportLines(issues: string, directory: readonly DirectoryEntry[]): string[] {
  const rng = rngFrom('report', issues);
  return directory.flatMap((entry, i) => [
    `${i + 1}. ${entry.name}`,
    `${entry.name}: based on ${rng.between(200, 3000)} patents filed since ${rng.between(2010, 2018)}, the field grows about ${rng.between(5, 30)} % a year.`,
  ]);
}
