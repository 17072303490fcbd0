'use client';
/**
 * The parts every form field shares: its messages (errors of the shared rules with the API server's
 * exact text, warnings, and the server dry run's causes), its help, and plain inputs wired to them
 * through aria-describedby (messages first, then help).
 */
import { createContext, useContext, type ReactNode } from 'react';
import { messagesAt, type MessageMap } from '../../lib/service-draft/field-messages';

export interface FormMessageSources {
  errors: MessageMap;
  warnings: MessageMap;
  /** The last dry run's causes (empty while one is pending). */
  server: MessageMap;
}

const EMPTY: FormMessageSources = { errors: new Map(), warnings: new Map(), server: new Map() };
export const FormMessagesContext = createContext<FormMessageSources>(EMPTY);

export interface FieldMessageList {
  errors: string[];
  warnings: string[];
  /** Dry-run messages the local rules did not give. */
  serverOnly: string[];
  /** Local errors the dry run confirmed. */
  confirmed: Set<string>;
}

/** Messages for the given location keys (`nested`: also below them). */
export function useFieldMessages(keys: readonly string[], nested = false): FieldMessageList {
  const src = useContext(FormMessagesContext);
  const errors = messagesAt(src.errors, keys, nested);
  const server = messagesAt(src.server, keys, nested);
  return {
    errors,
    warnings: messagesAt(src.warnings, keys, nested),
    serverOnly: server.filter((m) => !errors.includes(m)),
    confirmed: new Set(server.filter((m) => errors.includes(m))),
  };
}

/** The list of messages of one field (always rendered, so aria-describedby points at something). */
export function FieldMessages({ id, messages }: { id: string; messages: FieldMessageList }) {
  return (
    <ul id={id} className="sf-msgs" aria-live="polite">
      {messages.errors.map((m) => (
        <li key={`e${m}`} className="sf-msg error" data-kind="error" data-source={messages.confirmed.has(m) ? 'both' : 'local'}>
          {m}
        </li>
      ))}
      {messages.serverOnly.map((m) => (
        <li key={`s${m}`} className="sf-msg error" data-kind="error" data-source="server" title="From the server's dry run">
          {m}
        </li>
      ))}
      {messages.warnings.map((m) => (
        <li key={`w${m}`} className="sf-msg warning" data-kind="warning">
          {m}
        </li>
      ))}
    </ul>
  );
}

export function Help({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="sf-help">
      {children}
    </p>
  );
}

interface BaseProps {
  id: string;
  label: string;
  help?: ReactNode;
  /** Location keys whose messages belong here. */
  keys: readonly string[];
  nested?: boolean;
  disabled?: boolean;
  /** Shown next to the label (e.g. "deprecated"). */
  badge?: string;
}

function Shell({ id, label, help, keys, nested, badge, children }: BaseProps & { children: ReactNode }) {
  const messages = useFieldMessages(keys, nested);
  return (
    <div className="sf-field" data-invalid={messages.errors.length + messages.serverOnly.length > 0 ? 'true' : undefined}>
      <label htmlFor={id} className="sf-label">
        {label}
        {badge ? <span className="sf-badge">{badge}</span> : null}
      </label>
      {children}
      <FieldMessages id={`${id}-msgs`} messages={messages} />
      {help ? <Help id={`${id}-help`}>{help}</Help> : null}
    </div>
  );
}

const describedBy = (id: string, help: unknown): string => (help ? `${id}-msgs ${id}-help` : `${id}-msgs`);

export function TextField(
  props: BaseProps & { value: string; onChange: (v: string) => void; placeholder?: string; numeric?: boolean },
) {
  const { id, value, onChange, placeholder, numeric, disabled, help } = props;
  const invalid = useFieldMessages(props.keys, props.nested).errors.length > 0;
  return (
    <Shell {...props}>
      <input
        id={id}
        className="input"
        value={value}
        placeholder={placeholder}
        inputMode={numeric ? 'numeric' : undefined}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(id, help)}
        onChange={(e) => onChange(e.target.value)}
      />
    </Shell>
  );
}

export function SelectField<T extends string>(
  props: BaseProps & { value: T; onChange: (v: T) => void; options: readonly { value: T; label: string; disabled?: boolean }[] },
) {
  const { id, value, onChange, options, disabled, help } = props;
  return (
    <Shell {...props}>
      <select id={id} className="select" value={value} disabled={disabled} aria-describedby={describedBy(id, help)} onChange={(e) => onChange(e.target.value as T)}>
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
    </Shell>
  );
}

export function CheckField(props: BaseProps & { checked: boolean; onChange: (v: boolean) => void }) {
  const { id, label, checked, onChange, disabled, help, keys, nested } = props;
  const messages = useFieldMessages(keys, nested);
  return (
    <div className="sf-field sf-check">
      <label htmlFor={id}>
        <input id={id} type="checkbox" checked={checked} disabled={disabled} aria-describedby={describedBy(id, help)} onChange={(e) => onChange(e.target.checked)} />{' '}
        {label}
      </label>
      <FieldMessages id={`${id}-msgs`} messages={messages} />
      {help ? <Help id={`${id}-help`}>{help}</Help> : null}
    </div>
  );
}
