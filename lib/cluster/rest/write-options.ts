/** The options every write verb takes, parsed from query parameters or given in-process. */
import type { FieldValidation } from './field-validation';

export interface WriteOptions {
  dryRun: boolean;
  /** The `fieldManager` parameter, when given. */
  fieldManager?: string;
  /** The request's User-Agent: its product part is the manager when `fieldManager` is absent. */
  userAgent?: string;
  fieldValidation: FieldValidation;
}

export interface WriteResult<T = unknown> {
  object: T;
  /** Texts for `Warning: 299 - "<text>"` headers. */
  warnings: string[];
  /** True when the write created the object (201). */
  created: boolean;
}
