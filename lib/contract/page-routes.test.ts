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

describe('Service history pages', () => {
  it('restore opens the YAML editor on a version; the deleted list names its namespace; both keep the cluster', () => {
    expect(pageRoutes.restoreServiceVersion('a b', 'web', '42')).toBe('/services/a%20b/web/yaml?restore=42');
    expect(pageRoutes.deletedServices('demo')).toBe('/services/deleted?namespace=demo');
    expect(routesFor('beta').restoreServiceVersion('demo', 'web', '7')).toBe('/services/demo/web/yaml?restore=7&cluster=beta');
    expect(routesFor('beta').deletedServices('demo')).toBe('/services/deleted?namespace=demo&cluster=beta');
    expect(pageRoutes.namespaceOfPage('/services/deleted')).toBeUndefined();
  });
});
