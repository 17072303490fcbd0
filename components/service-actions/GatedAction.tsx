'use client';
import Link from 'next/link';
import { useId, type ReactNode } from 'react';
import type { ServicePermission } from '../../lib/client/service-permissions';

interface Props {
  permission: ServicePermission;
  children: ReactNode;
  /** A link when allowed (navigation), else a button. */
  href?: string;
  onClick?: () => void;
  className?: string;
  testId?: string;
  /** The id of a reason shown elsewhere (several controls share one sentence); else shown next to the control. */
  reasonId?: string;
}

/**
 * A control the identity may or may not use: when the cluster refuses (SelfSubjectAccessReview), it
 * stays focusable but `aria-disabled`, and the reason is visible text tied to it by aria-describedby.
 */
export function GatedAction({ permission, children, href, onClick, className = 'button', testId, reasonId: sharedReasonId }: Props) {
  const ownReasonId = useId();
  const reasonId = sharedReasonId ?? ownReasonId;
  const blocked = !permission.allowed;
  const described = blocked && permission.reason ? reasonId : undefined;
  const control =
    href && !blocked ? (
      <Link href={href} className={className} data-testid={testId} prefetch={false}>
        {children}
      </Link>
    ) : (
      <button
        type="button"
        className={className}
        aria-disabled={blocked ? 'true' : undefined}
        aria-describedby={described}
        aria-busy={permission.pending ? 'true' : undefined}
        title={blocked ? permission.reason : undefined}
        data-testid={testId}
        onClick={blocked ? undefined : onClick}
      >
        {children}
      </button>
    );
  return (
    <span className="sa-gated">
      {control}
      {!sharedReasonId && blocked && permission.reason && !permission.pending ? (
        <span id={reasonId} className="sa-reason" data-testid={testId ? `${testId}-reason` : undefined}>
          {permission.reason}
        </span>
      ) : null}
    </span>
  );
}
