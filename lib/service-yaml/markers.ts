/**
 * Editor markers: one problem at a 1-based line/column range, labelled with the layer that found it.
 * Pure and browser-safe (the Monaco component turns these into model markers).
 */
export type MarkerSource = 'syntax' | 'schema' | 'rules' | 'server' | 'conflict';
export type MarkerSeverity = 'error' | 'warning' | 'info';

export interface TextRange {
  startLine: number;
  startColumn: number;
  endLine: number;
  endColumn: number;
}

export interface YamlMarker extends TextRange {
  source: MarkerSource;
  severity: MarkerSeverity;
  message: string;
}

/** What the problems panel and the marker's own text call each layer. */
export const MARKER_SOURCE_LABEL: Record<MarkerSource, string> = {
  syntax: 'YAML syntax',
  schema: 'Schema',
  rules: 'Service rules',
  server: 'API server (dry run)',
  conflict: 'Conflict',
};

export const DOCUMENT_START: TextRange = { startLine: 1, startColumn: 1, endLine: 1, endColumn: 2 };

/** Markers sorted by position, errors before warnings at the same place. */
export function sortMarkers(markers: readonly YamlMarker[]): YamlMarker[] {
  const rank: Record<MarkerSeverity, number> = { error: 0, warning: 1, info: 2 };
  return [...markers].sort((a, b) => a.startLine - b.startLine || a.startColumn - b.startColumn || rank[a.severity] - rank[b.severity]);
}
