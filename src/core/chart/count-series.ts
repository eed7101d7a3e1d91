/**
 * The key of the series a chart without value columns plots, in a module of its own: the runtime,
 * its description and the option all name it, and none of them may import another for it (the
 * runtime imports the description).
 *
 * @module
 */

/** Key of the series a chart without value columns plots: the number of rows per category. */
export const COUNT_SERIES_KEY = '';
