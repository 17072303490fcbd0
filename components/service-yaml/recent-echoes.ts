/**
 * What an editor sent up lately (texts, drafts): the parent hands them back, maybe after newer
 * keystrokes, and an echo must never be written back over what the user typed since. The last 50 are
 * kept (by identity, which for strings is their text).
 */
export class RecentEchoes<T> {
  private readonly items: T[];

  constructor(...initial: T[]) {
    this.items = initial;
  }

  add(item: T): void {
    this.items.push(item);
    if (this.items.length > 50) this.items.shift();
  }

  has(item: T): boolean {
    return this.items.includes(item);
  }
}
