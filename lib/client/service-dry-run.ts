'use client';
/**
 * The YAML editor's server check: the draft sent as a dry run (`dryRun=All`, `fieldValidation=Strict`)
 * — a PUT for an edit, a POST for a create — answered with the API server's refusal and warnings.
 */
import type { Service, Status } from '../k8s/types';
import { apiPaths, writeQuery } from './api-paths';
import { requestJson, StatusError } from './fetch-json';

export interface DryRunAnswer {
  status?: Status;
  warnings: string[];
}

export async function dryRunService(mode: 'create' | 'edit', namespace: string, service: Service, signal: AbortSignal): Promise<DryRunAnswer> {
  const name = service.metadata?.name ?? '';
  const path = mode === 'edit' ? apiPaths.service(namespace, name) : apiPaths.services(namespace);
  try {
    const { warnings } = await requestJson<Service>(path + writeQuery({ dryRun: true, fieldValidation: 'Strict' }), {
      method: mode === 'edit' ? 'PUT' : 'POST',
      body: JSON.stringify(service),
      contentType: 'application/json',
      signal,
    });
    return { warnings };
  } catch (err) {
    if (err instanceof StatusError) return { status: err.status, warnings: err.warnings };
    throw err;
  }
}
