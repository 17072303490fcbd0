'use client';
/**
 * The four marker layers for the editor text: YAML syntax and bad input (parse), the Service rules
 * (checkServiceDraft, synchronous: on every keystroke), and the server's debounced dry run. Schema
 * markers come from monaco-yaml inside the editor.
 */
import { useEffect, useMemo, useState } from 'react';
import type { Service } from '../../lib/k8s/types';
import { dryRunService, type DryRunAnswer } from '../../lib/client/service-dry-run';
import type { YamlMarker } from '../../lib/service-yaml/markers';
import { parseServiceYaml, type ParsedService } from '../../lib/service-yaml/parse-service';
import { serverMarkers, serviceRuleMarkers } from '../../lib/service-yaml/problem-markers';

export const DRY_RUN_DEBOUNCE_MS = 600;

export interface YamlCheck {
  parsed: ParsedService;
  /** The Service when the text has no syntax or identity problem. */
  service?: Service;
  syntax: YamlMarker[];
  rules: YamlMarker[];
  server: YamlMarker[];
  dryRunPending: boolean;
}

export function useYamlMarkers(text: string, mode: 'create' | 'edit', live: Service | undefined, namespace: string): YamlCheck {
  const expect = mode === 'edit' && live ? { name: live.metadata.name, namespace: live.metadata.namespace } : undefined;
  const parsed = useMemo(() => parseServiceYaml(text, expect), [text, expect?.name, expect?.namespace]); // eslint-disable-line react-hooks/exhaustive-deps
  const service = parsed.markers.length === 0 ? parsed.service : undefined;
  const rules = useMemo(() => {
    if (!service || !parsed.doc) return [];
    return serviceRuleMarkers({ doc: parsed.doc, lineCounter: parsed.lineCounter, text }, service, mode === 'edit' ? live : undefined, namespace);
  }, [parsed, service, text, mode, live, namespace]);

  const [answer, setAnswer] = useState<{ body: string; answer: DryRunAnswer } | undefined>();
  const body = service ? JSON.stringify(service) : '';
  useEffect(() => {
    if (!body) return;
    const ctl = new AbortController();
    const timer = setTimeout(() => {
      dryRunService(mode, namespace, JSON.parse(body) as Service, ctl.signal)
        .then((a) => setAnswer({ body, answer: a }))
        .catch(() => undefined); // unreachable server: the connection indicator says so; no marker
    }, DRY_RUN_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      ctl.abort();
    };
  }, [body, mode, namespace]);

  const server = useMemo(() => {
    if (!answer || !parsed.doc || !service) return [];
    return serverMarkers({ doc: parsed.doc, lineCounter: parsed.lineCounter, text }, answer.answer.status, answer.answer.warnings);
  }, [answer, parsed, service, text]);

  return { parsed, service, syntax: parsed.markers, rules, server, dryRunPending: !!body && answer?.body !== body };
}
