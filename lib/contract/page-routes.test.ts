import { describe, expect, it } from 'vitest';
import { pageRoutes, routesFor } from './page-routes';

describe('namespaceOfPage: the namespace a page looks at (namespace selector, Read-only badge)', () => {
  it('is the Service’s namespace on its detail, edit and YAML pages', () => {
    expect(pageRoutes.namespaceOfPage('/services/demo/web')).toBe('demo');
    expect(pageRoutes.namespaceOfPage('/services/demo/web/edit')).toBe('demo');
    expect(pageRoutes.namespaceOfPage('/services/demo/web/yaml')).toBe('demo');
    expect(pageRoutes.namespaceOfPage('/services/a%2Db/web')).toBe('a-b');
  });

  it('is none on the list and the create pages (/services/new/guided names no namespace "new")', () => {
    expect(pageRoutes.namespaceOfPage('/services')).toBeUndefined();
    expect(pageRoutes.namespaceOfPage('/services/new')).toBeUndefined();
    expect(pageRoutes.namespaceOfPage('/services/new/guided')).toBeUndefined();
    expect(pageRoutes.namespaceOfPage('/services/demo/web/other')).toBeUndefined();
    expect(pageRoutes.namespaceOfPage('/services/%E0%A4%A/web')).toBeUndefined();
  });

  it('is the same for every cluster’s routes', () => {
    expect(routesFor('beta').namespaceOfPage('/services/demo/web/yaml')).toBe('demo');
  });
});
