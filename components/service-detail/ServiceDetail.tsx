'use client';

export interface ServiceDetailProps {
  namespace: string;
  name: string;
}

/** The Service detail page (placeholder while the sections land). */
export function ServiceDetail({ namespace, name }: ServiceDetailProps) {
  return (
    <main className="service-detail">
      <h1>
        {name} <small>{namespace}</small>
      </h1>
    </main>
  );
}
