#!/usr/bin/env node
/** The `vue-grid-view` command line. */
console.log('vue-grid-view');
