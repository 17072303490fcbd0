import { describe, expect, it } from 'vitest';
import { fieldError } from '../k8s/field-errors';
import { groupServiceErrors, parseFieldPath, serviceErrorLocation } from './error-locations';

describe('error locations', () => {
  it.each([
    ['spec.ports[0].nodePort', ['spec', 'ports', 0, 'nodePort']],
    ['metadata.name', ['metadata', 'name']],
    ['metadata.annotations[service.beta.kubernetes.io/load-balancer-source-ranges]', ['metadata', 'annotations', 'service.beta.kubernetes.io/load-balancer-source-ranges']],
    ['spec.sessionAffinityConfig.clientIP.timeoutSeconds', ['spec', 'sessionAffinityConfig', 'clientIP', 'timeoutSeconds']],
    ['spec.ports[1]', ['spec', 'ports', 1]],
  ])('%s', (field, expected) => {
    expect(parseFieldPath(field)).toEqual(expected);
  });

  it('maps the real server odd paths onto the object', () => {
    expect(serviceErrorLocation('spec.LoadBalancerSourceRanges[2]')).toEqual(['spec', 'loadBalancerSourceRanges', 2]);
    expect(serviceErrorLocation('allocateLoadBalancerNodePorts')).toEqual(['spec', 'allocateLoadBalancerNodePorts']);
  });

  it('groups messages by location', () => {
    const g = groupServiceErrors([
      fieldError.invalid('spec.ports[0].port', 0, 'must be between 1 and 65535, inclusive'),
      fieldError.required('spec.ports[0].port'),
      fieldError.forbidden('spec.LoadBalancerSourceRanges', "may only be used when `type` is 'LoadBalancer'"),
    ]);
    expect([...g.entries()]).toEqual([
      ['spec.ports[0].port', ['Invalid value: 0: must be between 1 and 65535, inclusive', 'Required value']],
      ['spec.loadBalancerSourceRanges', ["Forbidden: may only be used when `type` is 'LoadBalancer'"]],
    ]);
  });
});
