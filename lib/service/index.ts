/** The Service domain module: defaults, validation, update strategy, warnings and form rules. Pure. */
export { applyServiceDefaults } from './defaults';
export {
  validateService,
  validateServiceCreate,
  validateServiceUpdate,
  validateServiceStatusUpdate,
  validateLoadBalancerClassField,
  type ServiceValidationOptions,
} from './validation';
export {
  prepareServiceForCreate,
  prepareServiceForUpdate,
  prepareServiceForStatusUpdate,
  patchAllocatedValues,
  normalizeClusterIPs,
  dropTypeDependentFields,
} from './strategy';
export * from './helpers';
export { serviceWarnings } from './warnings';
export { checkServiceDraft, type DraftCheck, type DraftCheckOptions } from './draft';
export {
  initIPFamilyFields,
  defaultIPFamilies,
  familyOfIP,
  SINGLE_STACK_IPV4,
  type ClusterIPFamilies,
} from './ip-families';
export {
  serviceTypeRules,
  fieldRule,
  allServiceTypeRules,
  serviceKindOf,
  SERVICE_KINDS,
  SERVICE_KIND_DESCRIPTIONS,
  FIELD_TEXT,
  type FieldRule,
  type FieldStatus,
  type ServiceKind,
  type ServiceFieldName,
} from './type-rules';
export { parseFieldPath, serviceErrorLocation, serviceErrorKey, groupServiceErrors, type PathSegment } from './error-locations';
