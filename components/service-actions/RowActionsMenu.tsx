'use client';
import { useRouter } from 'next/navigation';
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { usePageRoutes } from '../../lib/client/cluster-context';
import { useServicePermission, type ServicePermission } from '../../lib/client/service-permissions';
import { ROW_MENU_ID, type RowMenuTarget } from './RowMenuButton';

interface Item {
  label: string;
  permission: ServicePermission;
  run: () => void;
  danger?: boolean;
}

const showReason = (it: Item): boolean => !it.permission.allowed && !it.permission.pending && !!it.permission.reason;

/** The row menu (role=menu): arrow keys, Home/End, Enter/Space, Escape and Tab as the ARIA menu pattern says. */
export function RowActionsMenu({ target, onClose, onDelete }: { target: RowMenuTarget; onClose: (refocus: boolean) => void; onDelete: () => void }) {
  const router = useRouter();
  const routes = usePageRoutes();
  const { namespace: ns, name } = target;
  const update = useServicePermission('update', ns, name);
  const remove = useServicePermission('delete', ns, name);
  const items: Item[] = [
    { label: 'Edit', permission: update, run: () => router.push(routes.editService(ns, name)) },
    { label: 'Edit YAML', permission: update, run: () => router.push(routes.serviceYaml(ns, name)) },
    { label: 'Delete…', permission: remove, run: onDelete, danger: true },
  ];
  const ref = useRef<HTMLUListElement>(null);
  const [pos, setPos] = useState<{ top: number; left: number }>();
  useLayoutEffect(() => {
    const r = target.anchor.getBoundingClientRect();
    const below = r.bottom + 4;
    const height = ref.current?.offsetHeight ?? 120;
    setPos({ top: below + height > window.innerHeight ? Math.max(4, r.top - height - 4) : below, left: Math.max(4, Math.min(r.left, window.innerWidth - 260)) });
  }, [target.anchor]);
  const itemEls = () => [...(ref.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  // Focus once placed (a hidden menu cannot take focus).
  const placed = pos !== undefined;
  useEffect(() => {
    if (!placed) return;
    const els = itemEls();
    (target.focus === 'last' ? els[els.length - 1] : els[0])?.focus();
  }, [target, placed]);
  useEffect(() => {
    const outside = (e: MouseEvent) => {
      if (ref.current?.contains(e.target as Node) || target.anchor.contains(e.target as Node)) return;
      onClose(false);
    };
    const scrolled = (e: Event) => {
      if (!ref.current?.contains(e.target as Node)) onClose(false);
    };
    document.addEventListener('mousedown', outside);
    window.addEventListener('scroll', scrolled, true);
    return () => {
      document.removeEventListener('mousedown', outside);
      window.removeEventListener('scroll', scrolled, true);
    };
  }, [target, onClose]);
  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const els = itemEls();
    const at = els.indexOf(document.activeElement as HTMLElement);
    const move = (i: number) => els[(i + els.length) % els.length]?.focus();
    switch (e.key) {
      case 'ArrowDown':
        move(at + 1);
        break;
      case 'ArrowUp':
        move(at - 1);
        break;
      case 'Home':
        move(0);
        break;
      case 'End':
        move(els.length - 1);
        break;
      case 'Escape':
      case 'Tab':
        onClose(true);
        break;
      default:
        return;
    }
    e.preventDefault();
    e.stopPropagation();
  };
  return (
    <ul id={ROW_MENU_ID} ref={ref} role="menu" aria-label={`Actions for ${ns}/${name}`} className="sa-menu" style={pos ?? { visibility: 'hidden' }} onKeyDown={onKeyDown} data-testid="row-menu">
      {items.map((it, i) => (
        <li key={it.label} role="none">
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={it.danger ? 'sa-danger' : undefined}
            aria-label={it.label}
            aria-disabled={it.permission.allowed ? undefined : 'true'}
            aria-describedby={showReason(it) ? `${ROW_MENU_ID}-${i}-reason` : undefined}
            onClick={() => {
              if (!it.permission.allowed) return;
              it.run();
              if (!it.danger) onClose(false);
            }}
          >
            {it.label}
            {showReason(it) ? (
              <span id={`${ROW_MENU_ID}-${i}-reason`} className="sa-menu-reason">
                {it.permission.reason}
              </span>
            ) : null}
          </button>
        </li>
      ))}
    </ul>
  );
}
