'use client';
import { useSwitchIdentity } from '../../lib/client/identity';
import { useCommitSelect } from './use-commit-select';

/** Act as another context of the same kubeconfig (e.g. admin / viewer / editor of the embedded cluster). */
export function IdentitySwitcher({ current, identities }: { current: string; identities: string[] }) {
  const switchTo = useSwitchIdentity();
  const select = useCommitSelect(current, (id) => switchTo.mutate(id));
  return (
    <>
      <label htmlFor="identity-select">Acting as</label>
      <select
        id="identity-select"
        className="select"
        aria-describedby="identity-select-hint"
        disabled={switchTo.isPending}
        {...select}
      >
        {identities.map((id) => (
          <option key={id} value={id}>
            {id}
          </option>
        ))}
      </select>
      <span id="identity-select-hint" className="visually-hidden">
        Reloads the page as that identity. With the arrow keys, press Enter to switch to the one chosen.
      </span>
    </>
  );
}
