/**
 * The cluster side of IP-family defaulting: the Service domain module's initIPFamilyFields with this
 * cluster's families, its errors turned into the real 422.
 */
import type { Service } from '../../k8s/types/service';
import { initIPFamilyFields as initFields, type ClusterIPFamilies } from '../../service/ip-families';
import { ApiError } from '../errors/api-error';


/** Defaults ipFamilyPolicy / ipFamilies of `svc` in place; throws a 422 ApiError. */
export function initIPFamilyFields(svc: Service, old: Service | undefined, cluster: ClusterIPFamilies): void {
  const errors = initFields(svc, old, cluster);
  if (errors.length) throw ApiError.invalid('Service', '', svc.metadata.name ?? '', errors);
}
