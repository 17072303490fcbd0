'use client';
/**
 * The form view of a draft: the form's text state, kept in step with the shared draft. A form
 * change writes the draft (applyForm onto the object the form was made from, so nothing it does
 * not show is lost); a draft changed from elsewhere (type switch, preset, YAML view, re-apply)
 * rebuilds the form from it.
 */
import { useCallback, useState } from 'react';
import type { Service } from '../k8s/types';
import { applyForm, toForm, type InputProblem, type ServiceForm } from '../service-draft/form-model';

interface Mirror {
  form: ServiceForm;
  /** The object the form was built from. */
  origin: Service;
  /** The draft the form last produced or was built from. */
  produced: Service;
  problems: InputProblem[];
}

const mirrorOf = (svc: Service): Mirror => ({ form: toForm(svc), origin: svc, produced: svc, problems: [] });

export interface ServiceFormState {
  form: ServiceForm;
  problems: InputProblem[];
  update: (patch: Partial<ServiceForm>) => void;
}

export function useServiceForm(draft: Service, setDraft: (next: Service) => void): ServiceFormState {
  const [mirror, setMirror] = useState<Mirror>(() => mirrorOf(draft));
  let current = mirror;
  if (draft !== mirror.produced) {
    current = mirrorOf(draft);
    setMirror(current);
  }
  const update = useCallback(
    (patch: Partial<ServiceForm>) => {
      const form = { ...current.form, ...patch };
      const { service, problems } = applyForm(form, current.origin);
      setMirror({ form, origin: current.origin, produced: service, problems });
      setDraft(service);
    },
    [current, setDraft],
  );
  return { form: current.form, problems: current.problems, update };
}
