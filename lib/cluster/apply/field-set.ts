/**
 * A set of field paths stored as a trie (fieldpath.Set): at each level the elements that are members
 * (the path ending here is in the set) and the children (longer paths go through here). Set algebra
 * follows structured-merge-diff exactly: `difference` only removes exact members, `recursiveDifference`
 * removes whole subtrees; empty children never survive an operation.
 */
import type { JsonObject } from '../../k8s/json';
import {
  comparePathElements,
  deserializePathElement,
  serializePathElement,
  UnknownPathElementType,
  type Path,
  type PathElement,
} from './path';

interface Child {
  pe: PathElement;
  set: FieldSet;
}

export class FieldSet {
  /** Keyed by the FieldsV1 spelling of the element (canonical). */
  private readonly members = new Map<string, PathElement>();
  private readonly children = new Map<string, Child>();

  static of(...paths: Path[]): FieldSet {
    const s = new FieldSet();
    for (const p of paths) s.insert(p);
    return s;
  }

  insert(path: Path): void {
    if (path.length === 0) return;
    const key = serializePathElement(path[0]);
    if (path.length === 1) {
      this.members.set(key, path[0]);
      return;
    }
    let child = this.children.get(key);
    if (!child) {
      child = { pe: path[0], set: new FieldSet() };
      this.children.set(key, child);
    }
    child.set.insert(path.slice(1));
  }

  has(path: Path): boolean {
    if (path.length === 0) return false;
    const key = serializePathElement(path[0]);
    if (path.length === 1) return this.members.has(key);
    const child = this.children.get(key);
    return child ? child.set.has(path.slice(1)) : false;
  }

  hasMember(pe: PathElement): boolean {
    return this.members.has(serializePathElement(pe));
  }

  /** The paths under `pe` (without the `pe` prefix), or an empty set. */
  withPrefix(pe: PathElement): FieldSet {
    return this.children.get(serializePathElement(pe))?.set ?? new FieldSet();
  }

  isEmpty(): boolean {
    if (this.members.size > 0) return false;
    for (const c of this.children.values()) if (!c.set.isEmpty()) return false;
    return true;
  }

  union(other: FieldSet): FieldSet {
    const out = new FieldSet();
    for (const [k, pe] of this.members) out.members.set(k, pe);
    for (const [k, pe] of other.members) out.members.set(k, pe);
    for (const [k, c] of this.children) {
      const o = other.children.get(k);
      out.addChild(k, c.pe, o ? c.set.union(o.set) : c.set.union(new FieldSet()));
    }
    for (const [k, c] of other.children) if (!this.children.has(k)) out.addChild(k, c.pe, c.set.union(new FieldSet()));
    return out;
  }

  intersection(other: FieldSet): FieldSet {
    const out = new FieldSet();
    for (const [k, pe] of this.members) if (other.members.has(k)) out.members.set(k, pe);
    for (const [k, c] of this.children) {
      const o = other.children.get(k);
      if (o) out.addChild(k, c.pe, c.set.intersection(o.set));
    }
    return out;
  }

  /** Members of `this` that are not members of `other` (children of removed members stay). */
  difference(other: FieldSet): FieldSet {
    const out = new FieldSet();
    for (const [k, pe] of this.members) if (!other.members.has(k)) out.members.set(k, pe);
    for (const [k, c] of this.children) {
      const o = other.children.get(k);
      out.addChild(k, c.pe, o ? c.set.difference(o.set) : c.set.union(new FieldSet()));
    }
    return out;
  }

  /** Like difference, but a member of `other` also removes every path below it. */
  recursiveDifference(other: FieldSet): FieldSet {
    const out = new FieldSet();
    for (const [k, pe] of this.members) if (!other.members.has(k)) out.members.set(k, pe);
    for (const [k, c] of this.children) {
      if (other.members.has(k)) continue;
      const o = other.children.get(k);
      out.addChild(k, c.pe, o ? c.set.recursiveDifference(o.set) : c.set.union(new FieldSet()));
    }
    return out;
  }

  equals(other: FieldSet): boolean {
    return this.difference(other).isEmpty() && other.difference(this).isEmpty();
  }

  /** Every path, in fieldpath order: this level's members first, then each child's paths. */
  paths(): Path[] {
    const out: Path[] = [];
    this.collect([], out);
    return out;
  }

  size(): number {
    let n = this.members.size;
    for (const c of this.children.values()) n += c.set.size();
    return n;
  }

  /** The FieldsV1 trie as the API server writes it ("." first where a node is also a member). */
  toFieldsV1(): JsonObject {
    return this.emit(false);
  }

  /** Parses FieldsV1; unknown element prefixes are dropped as the real decoder does. */
  static fromFieldsV1(fields: JsonObject): FieldSet {
    return FieldSet.read(fields).children ?? new FieldSet();
  }

  private static read(node: JsonObject): { children?: FieldSet; isMember: boolean } {
    let children: FieldSet | undefined;
    let isMember = false;
    for (const [key, value] of Object.entries(node)) {
      if (key === '.') {
        isMember = true;
        continue;
      }
      let pe: PathElement;
      try {
        pe = deserializePathElement(key);
      } catch (e) {
        if (e instanceof UnknownPathElementType) continue;
        throw new Error(`parsing key as path element: ${(e as Error).message}`);
      }
      const sub = value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {};
      const r = FieldSet.read(sub);
      const k = serializePathElement(pe);
      if (r.isMember) {
        children ??= new FieldSet();
        children.members.set(k, pe);
      }
      if (r.children) {
        children ??= new FieldSet();
        children.children.set(k, { pe, set: r.children });
      }
    }
    if (!children) isMember = true;
    return { children, isMember };
  }

  private addChild(key: string, pe: PathElement, set: FieldSet): void {
    if (!set.isEmpty()) this.children.set(key, { pe, set });
  }

  private collect(prefix: PathElement[], out: Path[]): void {
    for (const pe of sortElements([...this.members.values()])) out.push([...prefix, pe]);
    const kids = [...this.children.values()].sort((a, b) => comparePathElements(a.pe, b.pe));
    for (const c of kids) c.set.collect([...prefix, c.pe], out);
  }

  private emit(includeSelf: boolean): JsonObject {
    const out: JsonObject = {};
    const entries: { pe: PathElement; member: boolean; child?: FieldSet }[] = [];
    const byKey = new Map<string, { pe: PathElement; member: boolean; child?: FieldSet }>();
    for (const [k, pe] of this.members) {
      const e = { pe, member: true };
      byKey.set(k, e);
      entries.push(e);
    }
    for (const [k, c] of this.children) {
      const e = byKey.get(k);
      if (e) Object.assign(e, { child: c.set });
      else entries.push({ pe: c.pe, member: false, child: c.set });
    }
    if (includeSelf && entries.length > 0) out['.'] = {};
    entries.sort((a, b) => comparePathElements(a.pe, b.pe));
    for (const e of entries) {
      out[serializePathElement(e.pe)] = e.child ? e.child.emit(e.member) : {};
    }
    return out;
  }
}

function sortElements(pes: PathElement[]): PathElement[] {
  return pes.sort(comparePathElements);
}
