'use client';
/**
 * The four marker layers for the editor text: YAML syntax and bad input (parse), the Service rules
 * (checkServiceDraft, synchronous: on every keystroke), and the server's debounced dry run. Schema
 * markers come from monaco-yaml inside the editor.
 */
import { useEffect, useMemo, useState } from 'react';
import type { Service } from '../../lib/k8s/types';
import { serviceWrites } from '../../lib/client/service-writes';
import type { Status } from '../../lib/k8s/types';
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

interface DryRunAnswer {
  status?: Status;
  warnings: string[];
}

/** The server's verdict on the draft: a dry-run PUT (edit) or POST (create) with strict field validation. */
async function dryRun(mode: 'create' | 'edit', namespace: string, service: Service): Promise<DryRunAnswer> {
  const out =
    mode === 'edit'
      ? await serviceWrites.dryRunReplace({ namespace, name: service.metadata.name ?? '' }, service)
      : await serviceWrites.dryRunCreate(namespace, service);
  return out.ok ? { warnings: out.warnings } : { status: out.status, warnings: out.warnings };
}

/** `askServer: false` sends no dry run (an identity that may not write would only be refused). */
export function useYamlMarkers(text: string, mode: 'create' | 'edit', live: Service | undefined, namespace: string, askServer = true): YamlCheck {
  const expect = mode === 'edit' && live ? { name: live.metadata.name, namespace: live.metadata.namespace } : undefined;
  const parsed = useMemo(() => parseServiceYaml(text, expect), [text, expect?.name, expect?.namespace]); // eslint-disable-line react-hooks/exhaustive-deps
  const service = parsed.markers.length === 0 ? parsed.service : undefined;
  const rules = useMemo(() => {
    if (!service || !parsed.doc) return [];
    return serviceRuleMarkers({ doc: parsed.doc, lineCounter: parsed.lineCounter, text }, service, mode === 'edit' ? live : undefined, namespace);
  }, [parsed, service, text, mode, live, namespace]);

  const [answer, setAnswer] = useState<{ body: string; answer: DryRunAnswer } | undefined>();
  const body = service && askServer ? JSON.stringify(service) : '';
  useEffect(() => {
    if (!body) return;
    let current = true;
    const timer = setTimeout(() => {
      dryRun(mode, namespace, JSON.parse(body) as Service)
        .then((a) => current && setAnswer({ body, answer: a }))
        .catch(() => undefined); // unreachable server: the connection indicator says so; no marker
    }, DRY_RUN_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [body, mode, namespace]);

  const server = useMemo(() => {
    if (!answer || !parsed.doc || !service) return [];
    return serverMarkers({ doc: parsed.doc, lineCounter: parsed.lineCounter, text }, answer.answer.status, answer.answer.warnings);
  }, [answer, parsed, service, text]);

  return { parsed, service, syntax: parsed.markers, rules, server, dryRunPending: !!body && answer?.body !== body };
}
