/**
 * The benches' seeded pseudo-random numbers: the playground's `createRandom` (mulberry32), so the
 * benches and the demo data share one generator. The same seed gives the same sequence in every
 * run and JavaScript engine, which keeps each bench measuring identical rows.
 *
 * @module
 */
export { createRandom as seededRandom } from '../../playground/shared/data';
