'use client';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import type { Service } from '../../lib/k8s/types';
import { DeleteServiceDialog } from './DeleteServiceDialog';
import { RowActionsMenu } from './RowActionsMenu';
import { RowMenuContext, type RowMenuControl, type RowMenuTarget } from './RowMenuButton';
import './service-actions.css';

/**
 * Holds the list's one row menu and one delete dialog, opened for one row at a time (the table is
 * virtualized: rows carry only a button). `findService` reads the live Service of a row.
 */
export function RowActionsHost({ findService, children }: { findService: (rowKey: string) => Service | undefined; children: ReactNode }) {
  const [target, setTarget] = useState<RowMenuTarget>();
  const [deleting, setDeleting] = useState<string>();
  const close = useCallback(
    (refocus: boolean) => {
      if (refocus && target?.anchor.isConnected) target.anchor.focus();
      setTarget(undefined);
    },
    [target],
  );
  const control = useMemo<RowMenuControl>(() => ({ openKey: target?.rowKey, open: setTarget, close: () => close(false) }), [target, close]);
  const doomed = deleting ? findService(deleting) : undefined;
  return (
    <RowMenuContext.Provider value={control}>
      {children}
      {target ? (
        <RowActionsMenu
          target={target}
          onClose={close}
          onDelete={() => {
            if (target.anchor.isConnected) target.anchor.focus();
            setDeleting(target.rowKey);
            setTarget(undefined);
          }}
        />
      ) : null}
      {doomed ? <DeleteServiceDialog service={doomed} onCancel={() => setDeleting(undefined)} onDeleted={() => setDeleting(undefined)} /> : null}
    </RowMenuContext.Provider>
  );
}
