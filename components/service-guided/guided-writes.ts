'use client';
/**
 * Create (and dry-run create) for the guided flow: a POST through Porthole's allowlisted route with
 * fieldValidation=Strict. (Stand-in until the shared lib/client/service-writes.ts lands.)
 */
import type { Service } from '../../lib/k8s/types';
import { apiPaths, writeQuery } from '../../lib/client/api-paths';
import { requestJson, type JsonResult } from '../../lib/client/fetch-json';

export function postService(namespace: string, svc: Service, dryRun: boolean, signal?: AbortSignal): Promise<JsonResult<Service>> {
  return requestJson<Service>(apiPaths.services(namespace) + writeQuery({ dryRun, fieldValidation: 'Strict' }), {
    method: 'POST',
    body: JSON.stringify(svc),
    contentType: 'application/json',
    signal,
  });
}
