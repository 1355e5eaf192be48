/**
 * Union-find over the nodes 0..size-1, as a parent array. Roots are the smallest node of their set, so
 * results do not depend on the order links are made in. Used by the holding matcher (holdingIndex.ts).
 */

/** Every node its own set. */
export function identity(size: number): Int32Array {
  const parent = new Int32Array(size);
  for (let i = 0; i < size; i++) parent[i] = i;
  return parent;
}

/** The root of node's set (the set's smallest node), halving the path on the way. */
export function find(parent: Int32Array, node: number): number {
  let i = node;
  while (parent[i] !== i) i = parent[i] = parent[parent[i]];
  return i;
}

/** Joins the sets of x and y under the smaller root. */
export function union(parent: Int32Array, x: number, y: number): void {
  const rx = find(parent, x);
  const ry = find(parent, y);
  if (rx < ry) parent[ry] = rx;
  else if (ry < rx) parent[rx] = ry;
}
