'use client';
/**
 * The kubectl command doing what a Porthole action does (lib/kubectl-command), with one copy button:
 * shown before the action runs (form footer, review, dialog) and after it ran (the saved notice).
 * `explain` lists each part of the command with one line saying what it does (the guided flow).
 */
import type { KubectlCommand as Command } from '../../lib/kubectl-command/command';
import { CopyButton } from '../service-detail/CopyButton';
import './kubectl-command.css';

interface Props {
  command: Command | string;
  /** What the command is for, e.g. "The same with kubectl". */
  caption?: string;
  explain?: boolean;
}

export function KubectlCommand({ command, caption = 'The same with kubectl', explain = false }: Props) {
  const text = typeof command === 'string' ? command : command.text;
  const parts = typeof command === 'string' ? [] : command.parts;
  return (
    <figure className="kubectl-command" aria-label="kubectl command" data-testid="kubectl-command">
      <figcaption>
        <span>{caption}</span>
        <CopyButton text={text} label="kubectl command" />
      </figcaption>
      {/* Focusable so a long command can be scrolled from the keyboard (browsers differ on scrollers). */}
      <pre tabIndex={0} role="region" aria-label="kubectl command text">
        <code>{text}</code>
      </pre>
      {explain && parts.length ? (
        <ul className="kubectl-command-parts" aria-label="What each part of the command does">
          {parts.map((p) => (
            <li key={p.text}>
              <code>{p.text}</code> {p.meaning}
            </li>
          ))}
        </ul>
      ) : null}
    </figure>
  );
}
