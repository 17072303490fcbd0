/**
 * The Service resource (core/v1 services + services/status): the Service domain module's defaults,
 * strategy and validation, with ClusterIP / NodePort allocation in the storage hooks
 * (pkg/registry/core/service/storage/storage.go beginCreate, beginUpdate, afterDelete).
 */
import type { Service } from '../../k8s/types/service';
import { applyServiceDefaults } from '../../service/defaults';
import { serviceWarnings } from '../../service/warnings';
import {
  prepareServiceForCreate,
  prepareServiceForStatusUpdate,
  prepareServiceForUpdate,
} from '../../service/strategy';
import { validateServiceCreate, validateServiceStatusUpdate, validateServiceUpdate } from '../../service/validation';
import type { ServiceAllocation } from '../allocators/index';
import type { ResourceDefinition } from './types';

export function createServiceDefinition(allocation: ServiceAllocation): ResourceDefinition<Service> {
  return {
    resource: 'services',
    group: '',
    version: 'v1',
    kind: 'Service',
    listKind: 'ServiceList',
    singular: 'service',
    namespaced: true,
    shortNames: ['svc'],
    categories: ['all'],
    verbs: ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'],
    hasStatus: true,
    tracksGeneration: false,

    applyDefaults: (svc) => applyServiceDefaults(svc),
    prepareForCreate: (svc) => prepareServiceForCreate(svc),
    validateCreate: (svc) => validateServiceCreate(svc),
    prepareForUpdate: (next, prev) => prepareServiceForUpdate(next, prev),
    validateUpdate: (next, prev) => validateServiceUpdate(next, prev),
    prepareForStatusUpdate: (next, prev) => prepareServiceForStatusUpdate(next, prev),
    validateStatusUpdate: (next, prev) => validateServiceStatusUpdate(next, prev),
    warningsOnCreate: (svc) => serviceWarnings(svc),
    warningsOnUpdate: (next, prev) => serviceWarnings(next, prev),

    beginCreate: (tx, svc) => allocation.beginCreate(tx, svc),
    beginUpdate: (tx, next, prev) => allocation.beginUpdate(tx, next, prev),
    afterDelete: (tx, svc) => allocation.afterDelete(tx, svc),
  };
}
