/** The Service domain module: defaults, validation, update strategy, warnings and form rules. Pure. */
export { dropTypeDependentFields } from './strategy';
export * from './helpers';
export { checkServiceDraft } from './draft';
export {
  fieldRule,
  serviceKindOf,
  SERVICE_KINDS,
  SERVICE_KIND_DESCRIPTIONS,
  FIELD_TEXT,
  type ServiceKind,
  type ServiceFieldName,
} from './type-rules';
export { serviceErrorKey } from './error-locations';
