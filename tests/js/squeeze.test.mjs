// drawing.js squeezedSpaces: the squares a squeezed mover fills along an answer (RULES 1.5,
// seed 004 line 157), read from each breakdown step's `occupies`.
import test from "node:test";
import assert from "node:assert/strict";
import { squeezedSpaces } from "../../src/footfall/web/drawing.js";

test("squeezedSpaces: the occupies of each squeezed step, in order; none without", () => {
  const answer = {
    breakdown: [
      { step: 1, at: [3, 1], cost: 5 },
      { step: 2, at: [4, 1], cost: 10, occupies: [[4, 1], [5, 1]] },
      { step: 3, at: [5, 1], cost: 10, occupies: [[5, 1], [6, 1]] },
    ],
  };
  assert.deepEqual(squeezedSpaces(answer), [[[4, 1], [5, 1]], [[5, 1], [6, 1]]]);
  assert.deepEqual(squeezedSpaces({ found: false }), []);
  assert.deepEqual(squeezedSpaces(null), []);
});
