// Runs before the app's code so the first paint already has the right look (no flash of the light
// page for a user who chose dark): the last choice this browser saw (app/themeMode.ts keeps it),
// "system" by default, and a report capture's forced look first. Keep in step with resolveTheme.
(function () {
  var choice = 'system';
  var forced = null;
  try {
    choice = localStorage.getItem('rama.theme') || 'system';
    forced = localStorage.getItem('rama.theme.capture');
  } catch {
    /* storage blocked: follow the system */
  }
  var systemDark = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches;
  var mode =
    forced === 'light' || forced === 'dark' ? forced : choice === 'dark' || choice === 'light' ? choice : systemDark ? 'dark' : 'light';
  document.documentElement.setAttribute('data-theme', mode);
  document.documentElement.style.colorScheme = mode;
})();
