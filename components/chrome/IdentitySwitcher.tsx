'use client';
import { useState } from 'react';
import { useSwitchIdentity } from '../../lib/client/identity';

/** Act as another context of the same kubeconfig (e.g. admin / viewer / editor of the embedded cluster). */
export function IdentitySwitcher({ current, identities }: { current: string; identities: string[] }) {
  const switchTo = useSwitchIdentity();
  const [value, setValue] = useState(current);
  return (
    <>
      <label htmlFor="identity-select">Acting as</label>
      <select
        id="identity-select"
        className="select"
        value={value}
        disabled={switchTo.isPending}
        onChange={(e) => {
          setValue(e.target.value);
          switchTo.mutate(e.target.value);
        }}
      >
        {identities.map((id) => (
          <option key={id} value={id}>
            {id}
          </option>
        ))}
      </select>
    </>
  );
}
