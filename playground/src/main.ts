import { createApp } from 'vue';
import { createPinia } from 'pinia';
import App from './App.vue';
import { startRouter } from './router';
import { startSettingsSync } from './settings';
import { installLibrary } from './library';
import { loadDemoRowCount } from './rows';
import 'vue-grid-view/style.css';
import './playground.css';

startSettingsSync();
startRouter();

const app = createApp(App);
app.use(createPinia());
installLibrary(app);
// The pages need the server's row count first; without an answer they show the default count
// (and say why in the console): the pages still work, only an export may then hold other rows.
loadDemoRowCount()
  .catch((error: unknown) => console.warn('vue-grid-view playground: using the default row count.', error))
  .finally(() => app.mount('#app'));
