import { describe, expect, it } from 'vitest';
import type { NavigationItem } from './content-schema';
import { visibleNavigation } from './navigation';

function item(id: string, visibleInNavigation: boolean, children: NavigationItem[] = []): NavigationItem {
  return { id, url: `/${id}`, text: id.toUpperCase(), visibleInNavigation, children };
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

const ids = (items: NavigationItem[]): unknown[] => items.map((entry) => [entry.id, ids(entry.children)]);

describe('visibleNavigation', () => {
  const tree: NavigationItem[] = [
    item('a', true, [
      item('a1', true),
      item('a2', false, [item('a2x', true)]),
      item('a3', true, [item('a3x', false), item('a3y', true)]),
    ]),
    item('b', false, [item('b1', true)]),
    item('c', true),
  ];

  it('removes hidden items and their subtrees, recursively', () => {
    const visible = visibleNavigation(tree);
    expect(ids(visible)).toEqual([
      [
        'a',
        [
          ['a1', []],
          ['a3', [['a3y', []]]],
        ],
      ],
      ['c', []],
    ]);
  });

  it('keeps the other fields of visible items', () => {
    const [first] = visibleNavigation(tree);
    expect(first).toMatchObject({ id: 'a', url: '/a', text: 'A', visibleInNavigation: true });
  });

  it('does not mutate its input', () => {
    const input = deepFreeze(structuredClone(tree));
    const before = structuredClone(input);
    const visible = visibleNavigation(input);
    expect(input).toEqual(before);
    expect(visible[0]).not.toBe(input[0]);
    expect(visible[0]?.children).not.toBe(input[0]?.children);
  });

  it('returns an empty list when everything is hidden', () => {
    expect(visibleNavigation([item('x', false), item('y', false)])).toEqual([]);
    expect(visibleNavigation([])).toEqual([]);
  });
});
