'use client';
import { useState } from 'react';
import { useServicePermission } from '../../lib/client/service-permissions';
import type { KubectlCommand as Command } from '../../lib/kubectl-command/command';
import type { Service } from '../../lib/k8s/types';
import { rowsFromMap, type MetaMapName, type MetaRow, type StringMap } from '../../lib/service-actions/metadata-edit';
import { MetadataList } from '../service-detail/MetadataList';
import { KubectlCommand } from '../text/KubectlCommand';
import { GatedAction } from './GatedAction';
import { MetadataEditor } from './MetadataEditor';

interface EditSession {
  base: StringMap;
  resourceVersion: string;
  rows: MetaRow[];
}

const TITLE: Record<MetaMapName, string> = { labels: 'Labels', annotations: 'Annotations' };

/** Labels or annotations of the detail page, with "Edit" when the identity may patch the Service. */
export function EditableMetadata({ service, which }: { service: Service; which: MetaMapName }) {
  const [session, setSession] = useState<EditSession | undefined>();
  const [saved, setSaved] = useState<Command | undefined>();
  const ns = service.metadata.namespace;
  const permission = useServicePermission('patch', ns, service.metadata.name);
  const map = service.metadata[which];
  if (session) {
    return (
      <div className="sd-meta" data-testid={`meta-${which}`}>
        <h3>Edit {which}</h3>
        <MetadataEditor
          service={service}
          which={which}
          base={session.base}
          baseResourceVersion={session.resourceVersion}
          initialRows={session.rows}
          onDone={(command) => {
            setSession(undefined);
            setSaved(command);
          }}
        />
      </div>
    );
  }
  return (
    <>
      <MetadataList
        title={TITLE[which]}
        map={map}
        action={
          <GatedAction
            permission={permission}
            className="button sa-small"
            testId={`edit-${which}-button`}
            onClick={() => {
              setSaved(undefined);
              setSession({ base: { ...(map ?? {}) }, resourceVersion: service.metadata.resourceVersion ?? '', rows: rowsFromMap(map) });
            }}
          >
            Edit {which}
          </GatedAction>
        }
      />
      {saved ? <KubectlCommand command={saved} caption={`Saved ${which}. The same with kubectl`} /> : null}
    </>
  );
}
