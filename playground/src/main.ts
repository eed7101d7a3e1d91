import { createApp } from 'vue';
import { createPinia } from 'pinia';
import App from './App.vue';
import { startRouter } from './router';
import { startSettingsSync } from './settings';
import { installLibrary } from './library';
import 'vue-grid-view/style.css';
import './playground.css';

startSettingsSync();
startRouter();

const app = createApp(App);
app.use(createPinia());
installLibrary(app);
app.mount('#app');
