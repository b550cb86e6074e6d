/**
 * The server's messages in French and German (issue 30 item 4), keyed by the English message as the
 * server sends it; `{0}`, `{1}`… stand for the parts a template literal fills in, numbered in the
 * English order (a translation may move them). French: vouvoiement, typographic apostrophe, a
 * no-break space before : ; ? ! and inside « ». German: Sie-form. catalogue.test.ts lists the
 * messages of the server's source missing here; translate.ts looks messages up.
 */
export const MESSAGES: Readonly<Record<string, readonly [fr: string, de: string]>> = {
  'Not a valid datetime.': ['Date et heure non valides.', 'Kein gültiges Datum mit Uhrzeit.'],
  'End date must be after start date': [
    'La date de fin doit être postérieure à la date de début',
    'Das Enddatum muss nach dem Startdatum liegen',
  ],
  'JSON not valid': ['JSON non valide', 'Ungültiges JSON'],
  'The value of {0} must be a string.': [
    'La valeur de {0} doit être une chaîne de caractères.',
    'Der Wert von {0} muss eine Zeichenkette sein.',
  ],
  'The value of {0} must be an id.': ['La valeur de {0} doit être un identifiant.', 'Der Wert von {0} muss eine ID sein.'],
  'The value of id must be a list of ids.': [
    'La valeur de id doit être une liste d’identifiants.',
    'Der Wert von id muss eine Liste von IDs sein.',
  ],
  'Filter on {0} with {1} is not supported.': [
    'Le filtre sur {0} avec {1} n’est pas pris en charge.',
    'Der Filter auf {0} mit {1} wird nicht unterstützt.',
  ],
  'Annotation layer not found.': ['Couche d’annotations introuvable.', 'Annotationsebene nicht gefunden.'],
  'Field cannot be empty.': ['Le champ ne peut pas être vide.', 'Das Feld darf nicht leer sein.'],
  'Longer than maximum length 250.': ['Dépasse la longueur maximale de 250.', 'Länger als die maximale Länge von 250.'],
  'Name must be unique': ['Le nom doit être unique', 'Der Name muss eindeutig sein'],
  'Annotation layer has associated annotations.': [
    'La couche d’annotations contient des annotations.',
    'Die Annotationsebene enthält Annotationen.',
  ],
  'Not a valid string.': ['Chaîne de caractères non valide.', 'Keine gültige Zeichenkette.'],
  'Annotation not found.': ['Annotation introuvable.', 'Annotation nicht gefunden.'],
  'Longer than maximum length 500.': ['Dépasse la longueur maximale de 500.', 'Länger als die maximale Länge von 500.'],
  'Short description must be unique for this layer': [
    'La description courte doit être unique dans cette couche',
    'Die Kurzbeschreibung muss in dieser Ebene eindeutig sein',
  ],
  'The CSRF token is missing or invalid.': ['Le jeton CSRF est absent ou non valide.', 'Das CSRF-Token fehlt oder ist ungültig.'],
  'An internal error occurred. The details were logged on the server.': [
    'Une erreur interne s’est produite. Les détails ont été consignés dans le journal du serveur.',
    'Ein interner Fehler ist aufgetreten. Die Details wurden auf dem Server protokolliert.',
  ],
  'Not authorized': ['Non autorisé', 'Nicht autorisiert'],
  'You do not have permission to edit this {0}': [
    'Vous n’avez pas l’autorisation de modifier cet objet ({0})',
    'Sie haben keine Berechtigung, dieses Objekt ({0}) zu bearbeiten',
  ],
  'Chart not found': ['Graphique introuvable', 'Diagramm nicht gefunden'],
  'You do not have permission to edit this chart': [
    'Vous n’avez pas l’autorisation de modifier ce graphique',
    'Sie haben keine Berechtigung, dieses Diagramm zu bearbeiten',
  ],
  'Dashboards do not exist': ['Les tableaux de bord n’existent pas', 'Die Dashboards existieren nicht'],
  'You do not have permission to edit this dashboard': [
    'Vous n’avez pas l’autorisation de modifier ce tableau de bord',
    'Sie haben keine Berechtigung, dieses Dashboard zu bearbeiten',
  ],
  'You do not have permission to edit this dataset': [
    'Vous n’avez pas l’autorisation de modifier ce jeu de données',
    'Sie haben keine Berechtigung, diesen Datensatz zu bearbeiten',
  ],
  'Invalid form data: {0}': ['Données de formulaire non valides : {0}', 'Ungültige Formulardaten: {0}'],
  'Chart has no query context saved. Please save the chart again.': [
    'Aucun contexte de requête n’est enregistré pour ce graphique. Veuillez enregistrer à nouveau le graphique.',
    'Für das Diagramm ist kein Abfragekontext gespeichert. Bitte speichern Sie das Diagramm erneut.',
  ],
  'Error importing chart': ['Erreur lors de l’importation du graphique', 'Fehler beim Importieren des Diagramms'],
  'Could not find a valid command to import file': [
    'Aucune commande valide n’a été trouvée pour importer le fichier',
    'Es wurde kein gültiger Befehl zum Importieren der Datei gefunden',
  ],
  'Must be equal to {0}.': ['Doit être égal à {0}.', 'Muss gleich {0} sein.'],
  'Length must be between 1 and 250.': ['La longueur doit être comprise entre 1 et 250.', 'Die Länge muss zwischen 1 und 250 liegen.'],
  'Filter on {0} needs an id.': ['Le filtre sur {0} nécessite un identifiant.', 'Der Filter auf {0} benötigt eine ID.'],
  'Filter on {0} with {1} needs a text value.': [
    'Le filtre sur {0} avec {1} nécessite une valeur textuelle.',
    'Der Filter auf {0} mit {1} benötigt einen Textwert.',
  ],
  'Filter on {0} with {1} needs true or false.': [
    'Le filtre sur {0} avec {1} nécessite true ou false.',
    'Der Filter auf {0} mit {1} benötigt true oder false.',
  ],
  'Not a valid list.': ['Liste non valide.', 'Keine gültige Liste.'],
  'Datasource does not exist': ['La source de données n’existe pas', 'Die Datenquelle existiert nicht'],
  'Not a valid JSON object.': ['Objet JSON non valide.', 'Kein gültiges JSON-Objekt.'],
  'Owners are invalid': ['Les propriétaires ne sont pas valides', 'Die Eigentümer sind ungültig'],
  'The time grain {0} is not supported by {1}.': [
    'La granularité temporelle {0} n’est pas prise en charge par {1}.',
    'Die Zeitgranularität {0} wird von {1} nicht unterstützt.',
  ],
  'Unsupported aggregate: {0}': ['Agrégat non pris en charge : {0}', 'Nicht unterstützte Aggregation: {0}'],
  'The value {0} is not a number.': ['La valeur {0} n’est pas un nombre.', 'Der Wert {0} ist keine Zahl.'],
  'The value {0} is not a boolean.': ['La valeur {0} n’est pas un booléen.', 'Der Wert {0} ist kein boolescher Wert.'],
  'The value {0} cannot be compared with a column.': [
    'La valeur {0} ne peut pas être comparée à une colonne.',
    'Der Wert {0} kann nicht mit einer Spalte verglichen werden.',
  ],
  'The filter on {0} needs a value.': ['Le filtre sur {0} nécessite une valeur.', 'Der Filter auf {0} benötigt einen Wert.'],
  'The {0} filter on {1} needs a text pattern.': [
    'Le filtre {0} sur {1} nécessite un motif de texte.',
    'Der Filter {0} auf {1} benötigt ein Textmuster.',
  ],
  'Columns missing in dataset: [{0}]': ['Colonnes absentes du jeu de données : [{0}]', 'Im Datensatz fehlende Spalten: [{0}]'],
  'Empty query? The query needs columns or metrics.': [
    'Requête vide ? La requête nécessite des colonnes ou des métriques.',
    'Leere Abfrage? Die Abfrage benötigt Spalten oder Metriken.',
  ],
  'The datasource does not exist': ['La source de données n’existe pas', 'Die Datenquelle existiert nicht'],
  'needed more memory than allowed': ['a demandé plus de mémoire que permis', 'hat mehr Speicher als erlaubt benötigt'],
  'took longer than {0} s': ['a pris plus de {0} s', 'hat länger als {0} s gedauert'],
  'The post-processing of this chart {0}. Please reduce the rows, the series or the time range.': [
    'Le post-traitement de ce graphique {0}. Veuillez réduire le nombre de lignes, de séries ou la plage temporelle.',
    'Die Nachbearbeitung dieses Diagramms {0}. Bitte reduzieren Sie die Zeilen, die Reihen oder den Zeitraum.',
  ],
  'Unsupported filter operator: {0}': ['Opérateur de filtre non pris en charge : {0}', 'Nicht unterstützter Filteroperator: {0}'],
  '{0}: a column name cannot be empty.': ['{0} : un nom de colonne ne peut pas être vide.', '{0}: Ein Spaltenname darf nicht leer sein.'],
  '{0}: each column is a name or an object with a sqlExpression.': [
    '{0} : chaque colonne est un nom ou un objet avec une sqlExpression.',
    '{0}: Jede Spalte ist ein Name oder ein Objekt mit einer sqlExpression.',
  ],
  '{0} must be a list.': ['{0} doit être une liste.', '{0} muss eine Liste sein.'],
  '{0}: a metric name cannot be empty.': ['{0} : un nom de métrique ne peut pas être vide.', '{0}: Ein Metrikname darf nicht leer sein.'],
  '{0}: a SQL metric needs a sqlExpression.': [
    '{0} : une métrique SQL nécessite une sqlExpression.',
    '{0}: Eine SQL-Metrik benötigt eine sqlExpression.',
  ],
  '{0}: the aggregate must be one of {1}.': [
    '{0} : l’agrégat doit être l’un des suivants : {1}.',
    '{0}: Die Aggregation muss eine der folgenden sein: {1}.',
  ],
  '{0}: a SIMPLE metric needs a column.': [
    '{0} : une métrique SIMPLE nécessite une colonne.',
    '{0}: Eine SIMPLE-Metrik benötigt eine Spalte.',
  ],
  "{0}: each metric is a saved metric's name or an adhoc metric (SIMPLE or SQL).": [
    '{0} : chaque métrique est le nom d’une métrique enregistrée ou une métrique ad hoc (SIMPLE ou SQL).',
    '{0}: Jede Metrik ist der Name einer gespeicherten Metrik oder eine Ad-hoc-Metrik (SIMPLE oder SQL).',
  ],
  '{0} must be a non-negative integer.': ['{0} doit être un entier positif ou nul.', '{0} muss eine nicht negative ganze Zahl sein.'],
  '{0} must be text.': ['{0} doit être du texte.', '{0} muss Text sein.'],
  'filters must be a list.': ['filters doit être une liste.', 'filters muss eine Liste sein.'],
  'filters[{0}] must be an object with col, op and val.': [
    'filters[{0}] doit être un objet avec col, op et val.',
    'filters[{0}] muss ein Objekt mit col, op und val sein.',
  ],
  'post_processing must be a list.': ['post_processing doit être une liste.', 'post_processing muss eine Liste sein.'],
  'post_processing[{0}] needs an operation.': [
    'post_processing[{0}] nécessite une opération.',
    'post_processing[{0}] benötigt eine Operation.',
  ],
  'post_processing[{0}].options must be an object.': [
    'post_processing[{0}].options doit être un objet.',
    'post_processing[{0}].options muss ein Objekt sein.',
  ],
  'Found invalid orderby options': ['Options orderby non valides', 'Ungültige orderby-Optionen gefunden'],
  'Each entry of queries must be a query object.': [
    'Chaque entrée de queries doit être un objet de requête.',
    'Jeder Eintrag von queries muss ein Abfrageobjekt sein.',
  ],
  'metrics must be a list.': ['metrics doit être une liste.', 'metrics muss eine Liste sein.'],
  'granularity must be a column name.': ['granularity doit être un nom de colonne.', 'granularity muss ein Spaltenname sein.'],
  'time_range must be text.': ['time_range doit être du texte.', 'time_range muss Text sein.'],
  'extras.time_grain_sqla must be a time grain.': [
    'extras.time_grain_sqla doit être une granularité temporelle.',
    'extras.time_grain_sqla muss eine Zeitgranularität sein.',
  ],
  'time_offsets must be a list of text.': ['time_offsets doit être une liste de textes.', 'time_offsets muss eine Liste von Texten sein.'],
  'time_offsets may name at most {0} time shifts.': [
    'time_offsets peut indiquer au plus {0} décalages temporels.',
    'time_offsets darf höchstens {0} Zeitverschiebungen enthalten.',
  ],
  '{0} is missing.': ['{0} est absent.', '{0} fehlt.'],
  '{0} is not a JSON object.': ['{0} n’est pas un objet JSON.', '{0} ist kein JSON-Objekt.'],
  'Cached data not found': ['Données en cache introuvables', 'Zwischengespeicherte Daten nicht gefunden'],
  'form_data.datasource must be a datasource key such as 7__table.': [
    'form_data.datasource doit être une clé de source de données, par exemple 7__table.',
    'form_data.datasource muss ein Datenquellenschlüssel wie 7__table sein.',
  ],
  'The body must be a filter object.': ['Le corps doit être un objet filtre.', 'Der Body muss ein Filterobjekt sein.'],
  'A virtual dataset must be a single SELECT statement.': [
    'Un jeu de données virtuel doit être une seule instruction SELECT.',
    'Ein virtueller Datensatz muss eine einzelne SELECT-Anweisung sein.',
  ],
  'Unsupported {0}: {1}': ['Valeur non prise en charge pour {0} : {1}', 'Nicht unterstützter Wert für {0}: {1}'],
  'You do not have permission to download data.': [
    'Vous n’avez pas l’autorisation de télécharger des données.',
    'Sie haben keine Berechtigung, Daten herunterzuladen.',
  ],
  'You do not have permission to duplicate charts': [
    'Vous n’avez pas l’autorisation de dupliquer des graphiques',
    'Sie haben keine Berechtigung, Diagramme zu duplizieren',
  ],
  'The value is larger than {0} KB.': ['La valeur dépasse {0} Ko.', 'Der Wert ist größer als {0} KB.'],
  'The value must be a JSON object (the filters’ data mask).': [
    'La valeur doit être un objet JSON (le masque de données des filtres).',
    'Der Wert muss ein JSON-Objekt sein (die Datenmaske der Filter).',
  ],
  'This filter state was saved by another user: only they may change or delete it.': [
    'Cet état de filtres a été enregistré par un autre utilisateur : lui seul peut le modifier ou le supprimer.',
    'Dieser Filterzustand wurde von einem anderen Benutzer gespeichert: Nur dieser kann ihn ändern oder löschen.',
  ],
  'The dashboard was changed while the filters were being saved. Please try again.': [
    'Le tableau de bord a été modifié pendant l’enregistrement des filtres. Veuillez réessayer.',
    'Das Dashboard wurde geändert, während die Filter gespeichert wurden. Bitte versuchen Sie es erneut.',
  ],
  'Error importing dashboard': ['Erreur lors de l’importation du tableau de bord', 'Fehler beim Importieren des Dashboards'],
  'The state is larger than {0} KB.': ['L’état dépasse {0} Ko.', 'Der Zustand ist größer als {0} KB.'],
  'Dashboard not found': ['Tableau de bord introuvable', 'Dashboard nicht gefunden'],
  'Some roles do not exist': ['Certains rôles n’existent pas', 'Einige Rollen existieren nicht'],
  'Must be unique': ['Doit être unique', 'Muss eindeutig sein'],
  'This chart waits for a value of a required filter.': [
    'Ce graphique attend une valeur pour un filtre obligatoire.',
    'Dieses Diagramm wartet auf einen Wert für einen Pflichtfilter.',
  ],
  'The database could not be reached. Please check its connection settings.': [
    'La base de données est injoignable. Veuillez vérifier ses paramètres de connexion.',
    'Die Datenbank ist nicht erreichbar. Bitte prüfen Sie ihre Verbindungseinstellungen.',
  ],
  'Missing data for required field.': ['Donnée manquante pour un champ obligatoire.', 'Für dieses Pflichtfeld fehlen Daten.'],
  'Field cannot be decoded by JSON: extra is not valid JSON': [
    'Le champ ne peut pas être décodé en JSON : extra n’est pas un JSON valide',
    'Das Feld kann nicht als JSON dekodiert werden: extra ist kein gültiges JSON',
  ],
  'A database with the same name already exists.': [
    'Une base de données portant ce nom existe déjà.',
    'Eine Datenbank mit diesem Namen existiert bereits.',
  ],
  'Connection failed, please check your connection settings': [
    'La connexion a échoué, veuillez vérifier vos paramètres de connexion',
    'Die Verbindung ist fehlgeschlagen, bitte prüfen Sie Ihre Verbindungseinstellungen',
  ],
  'Not a valid mapping.': ['Correspondance non valide.', 'Keine gültige Zuordnung.'],
  'Datasource type is invalid': ['Le type de source de données n’est pas valide', 'Der Datenquellentyp ist ungültig'],
  'Error importing dataset': ['Erreur lors de l’importation du jeu de données', 'Fehler beim Importieren des Datensatzes'],
  'Request payload is too large.': ['Le contenu de la requête est trop volumineux.', 'Der Inhalt der Anfrage ist zu groß.'],
  'Only one file, in the formData field, is accepted.': [
    'Un seul fichier est accepté, dans le champ formData.',
    'Es wird nur eine Datei im Feld formData akzeptiert.',
  ],
  'The import is a multipart form with a formData file.': [
    'L’importation est un formulaire multipart avec un fichier formData.',
    'Der Import ist ein Multipart-Formular mit einer Datei formData.',
  ],
  'Not a valid JSON object of file names to passwords.': [
    'Objet JSON non valide associant des noms de fichier à des mots de passe.',
    'Kein gültiges JSON-Objekt, das Dateinamen Passwörtern zuordnet.',
  ],
  'At most {0} entries are accepted.': ['Au plus {0} entrées sont acceptées.', 'Es werden höchstens {0} Einträge akzeptiert.'],
  'File names are at most {0} characters, secrets at most {1}.': [
    'Les noms de fichier comptent au plus {0} caractères, les secrets au plus {1}.',
    'Dateinamen haben höchstens {0} Zeichen, Geheimnisse höchstens {1}.',
  ],
  'Database does not exist': ['La base de données n’existe pas', 'Die Datenbank existiert nicht'],
  'Schema does not exist': ['Le schéma n’existe pas', 'Das Schema existiert nicht'],
  'One or more {0} are duplicated': [
    'Un ou plusieurs éléments de {0} sont en double',
    'Ein oder mehrere Einträge in {0} sind doppelt vorhanden',
  ],
  'One or more {0} do not exist': ['Un ou plusieurs éléments de {0} n’existent pas', 'Ein oder mehrere Einträge in {0} existieren nicht'],
  'One or more {0} already exist': ['Un ou plusieurs éléments de {0} existent déjà', 'Ein oder mehrere Einträge in {0} existieren bereits'],
  'A physical dataset cannot be overwritten with SQL: it reads a table. Save the query as a new dataset instead.': [
    'Un jeu de données physique ne peut pas être remplacé par du SQL : il lit une table. Enregistrez plutôt la requête comme nouveau jeu de données.',
    'Ein physischer Datensatz kann nicht mit SQL überschrieben werden: Er liest eine Tabelle. Speichern Sie die Abfrage stattdessen als neuen Datensatz.',
  ],
  'Guest user cannot modify chart payload': [
    'Un utilisateur invité ne peut pas modifier le contenu du graphique',
    'Ein Gastbenutzer kann die Nutzdaten des Diagramms nicht ändern',
  ],
  '{0}: result type {1} is not available to guests': [
    '{0} : le type de résultat {1} n’est pas disponible pour les invités',
    '{0}: Der Ergebnistyp {1} steht Gästen nicht zur Verfügung',
  ],
  '{0}: {1} is not used by the chart': ['{0} : {1} n’est pas utilisé par le graphique', '{0}: {1} wird vom Diagramm nicht verwendet'],
  'Guest tokens are not enabled on this server.': [
    'Les jetons invités ne sont pas activés sur ce serveur.',
    'Gast-Token sind auf diesem Server nicht aktiviert.',
  ],
  'The guest token is not valid.': ['Le jeton invité n’est pas valide.', 'Das Gast-Token ist ungültig.'],
  'The guest token names no embedded dashboard.': [
    'Le jeton invité ne désigne aucun tableau de bord intégré.',
    'Das Gast-Token nennt kein eingebettetes Dashboard.',
  ],
  'You do not have permission to grant guest tokens.': [
    'Vous n’avez pas l’autorisation d’accorder des jetons invités.',
    'Sie haben keine Berechtigung, Gast-Token auszustellen.',
  ],
  'Not found': ['Introuvable', 'Nicht gefunden'],
  'Embedded dashboard {0} does not exist.': [
    'Le tableau de bord intégré {0} n’existe pas.',
    'Das eingebettete Dashboard {0} existiert nicht.',
  ],
  'rls[{0}]: the clause is empty.': ['rls[{0}] : la clause est vide.', 'rls[{0}]: Die Klausel ist leer.'],
  'rls[{0}]: dataset {1} does not exist.': [
    'rls[{0}] : le jeu de données {1} n’existe pas.',
    'rls[{0}]: Der Datensatz {1} existiert nicht.',
  ],
  'SQLite reported an error.': ['SQLite a signalé une erreur.', 'SQLite hat einen Fehler gemeldet.'],
  'The SQL could not be analysed.': ['Le SQL n’a pas pu être analysé.', 'Das SQL konnte nicht analysiert werden.'],
  'The query is empty: there is no statement to run.': [
    'La requête est vide : il n’y a aucune instruction à exécuter.',
    'Die Abfrage ist leer: Es gibt keine Anweisung zum Ausführen.',
  ],
  'Only SELECT statements are allowed against this database.': [
    'Seules les instructions SELECT sont autorisées sur cette base de données.',
    'Für diese Datenbank sind nur SELECT-Anweisungen erlaubt.',
  ],
  'The form data names no dataset (datasource).': [
    'Les données du formulaire ne désignent aucun jeu de données (datasource).',
    'Die Formulardaten nennen keinen Datensatz (datasource).',
  ],
  'a cloud metadata address': ['une adresse de métadonnées cloud', 'eine Cloud-Metadatenadresse'],
  'Not a valid rison value.': ['Valeur rison non valide.', 'Kein gültiger Rison-Wert.'],
  'Not a valid rison object.': ['Objet rison non valide.', 'Kein gültiges Rison-Objekt.'],
  'Give a list of {0} ids, e.g. !(1,2).': [
    'Indiquez une liste d’identifiants ({0}), par exemple !(1,2).',
    'Geben Sie eine Liste von IDs ({0}) an, z. B. !(1,2).',
  ],
  'Each filter needs col, opr and value.': ['Chaque filtre nécessite col, opr et value.', 'Jeder Filter benötigt col, opr und value.'],
  'Not a valid choice.': ['Choix non valide.', 'Keine gültige Auswahl.'],
  'Must be one of: asc, desc.': ['Doit être l’une des valeurs suivantes : asc, desc.', 'Muss einer der folgenden Werte sein: asc, desc.'],
  'Not a valid integer.': ['Nombre entier non valide.', 'Keine gültige ganze Zahl.'],
  'Must be at most {0}.': ['Doit être au plus {0}.', 'Darf höchstens {0} sein.'],
  'Must be between 1 and 1000.': ['Doit être compris entre 1 et 1000.', 'Muss zwischen 1 und 1000 liegen.'],
  'Files are not accepted.': ['Les fichiers ne sont pas acceptés.', 'Dateien werden nicht akzeptiert.'],
  'Too many log requests. Please slow down.': [
    'Trop de requêtes de journal. Veuillez ralentir.',
    'Zu viele Protokollanfragen. Bitte verlangsamen Sie.',
  ],
  'Not valid JSON.': ['JSON non valide.', 'Kein gültiges JSON.'],
  'Must be a JSON array of events.': ['Doit être un tableau JSON d’événements.', 'Muss ein JSON-Array von Ereignissen sein.'],
  'Too many events': ['Trop d’événements', 'Zu viele Ereignisse'],
  'Each event must be an object.': ['Chaque événement doit être un objet.', 'Jedes Ereignis muss ein Objekt sein.'],
  'Filter on dttm needs a date and time.': [
    'Le filtre sur dttm nécessite une date et une heure.',
    'Der Filter auf dttm benötigt ein Datum mit Uhrzeit.',
  ],
  "No map for this country: an admin can add it as maps/<country>.geojson in Rama's home folder.": [
    'Aucune carte pour ce pays : un administrateur peut l’ajouter sous maps/<country>.geojson dans le dossier personnel de Rama.',
    'Keine Karte für dieses Land: Ein Administrator kann sie als maps/<country>.geojson im Home-Ordner von Rama hinzufügen.',
  ],
  'The map of "{0}" cannot be read: {1}': ['La carte « {0} » ne peut pas être lue : {1}', 'Die Karte „{0}“ kann nicht gelesen werden: {1}'],
  'Too many map tiles. Please slow down.': [
    'Trop de tuiles de carte. Veuillez ralentir.',
    'Zu viele Kartenkacheln. Bitte verlangsamen Sie.',
  ],
  'Map tiles are not configured.': ['Les tuiles de carte ne sont pas configurées.', 'Kartenkacheln sind nicht konfiguriert.'],
  'No such map tile.': ['Cette tuile de carte n’existe pas.', 'Diese Kartenkachel gibt es nicht.'],
  'The map tile server did not return a tile ({0}).': [
    'Le serveur de tuiles n’a pas renvoyé de tuile ({0}).',
    'Der Kachelserver hat keine Kachel geliefert ({0}).',
  ],
  'timed out': ['délai dépassé', 'Zeitüberschreitung'],
  unreachable: ['injoignable', 'nicht erreichbar'],
  'HTTP {0}': ['HTTP {0}', 'HTTP {0}'],
  'not an image': ['pas une image', 'kein Bild'],
  'too large': ['trop volumineuse', 'zu groß'],
  'Filter on {0} needs a text value.': ['Le filtre sur {0} nécessite une valeur textuelle.', 'Der Filter auf {0} benötigt einen Textwert.'],
  'Report Schedule not found.': ['Planification de rapport introuvable.', 'Berichtsplanung nicht gefunden.'],
  'You may add only yourself as an owner; an admin may add other users.': [
    'Vous ne pouvez ajouter que vous-même comme propriétaire ; un administrateur peut ajouter d’autres utilisateurs.',
    'Sie können nur sich selbst als Eigentümer hinzufügen; ein Administrator kann andere Benutzer hinzufügen.',
  ],
  'Chart does not exist': ['Le graphique n’existe pas', 'Das Diagramm existiert nicht'],
  'Dashboard does not exist': ['Le tableau de bord n’existe pas', 'Das Dashboard existiert nicht'],
  'You have {0} active reports and alerts, the most one user may have (RAMA_REPORT_MAX_PER_OWNER); switch one off or delete it first.': [
    'Vous avez {0} rapports et alertes actifs, le maximum autorisé par utilisateur (RAMA_REPORT_MAX_PER_OWNER) ; désactivez-en un ou supprimez-le d’abord.',
    'Sie haben {0} aktive Berichte und Alarme, das Maximum pro Benutzer (RAMA_REPORT_MAX_PER_OWNER); deaktivieren oder löschen Sie zuerst einen davon.',
  ],
  'This schedule belongs to a saved query: change it from the saved query list or in SQL Lab.': [
    'Cette planification appartient à une requête enregistrée : modifiez-la depuis la liste des requêtes enregistrées ou dans SQL Lab.',
    'Diese Planung gehört zu einer gespeicherten Abfrage: Ändern Sie sie in der Liste der gespeicherten Abfragen oder in SQL Lab.',
  ],
  'Row level security rule {0} cannot be applied: {1}': [
    'La règle de sécurité au niveau des lignes {0} ne peut pas être appliquée : {1}',
    'Die Zeilensicherheitsregel {0} kann nicht angewendet werden: {1}',
  ],
  'A row level security clause of the guest token cannot be applied: {0}': [
    'Une clause de sécurité au niveau des lignes du jeton invité ne peut pas être appliquée : {0}',
    'Eine Zeilensicherheitsklausel des Gast-Tokens kann nicht angewendet werden: {0}',
  ],
  'Shorter than minimum length 1.': ['Plus court que la longueur minimale de 1.', 'Kürzer als die Mindestlänge von 1.'],
  'A rule named {0} already exists.': ['Une règle nommée {0} existe déjà.', 'Eine Regel namens {0} existiert bereits.'],
  'Some roles do not exist: {0}': ['Certains rôles n’existent pas : {0}', 'Einige Rollen existieren nicht: {0}'],
  'Some datasets do not exist: {0}': ['Certains jeux de données n’existent pas : {0}', 'Einige Datensätze existieren nicht: {0}'],
  'This query reads a table with row level security, which cannot be applied: {0}.': [
    'Cette requête lit une table soumise à une sécurité au niveau des lignes qui ne peut pas être appliquée : {0}.',
    'Diese Abfrage liest eine Tabelle mit Zeilensicherheit, die nicht angewendet werden kann: {0}.',
  ],
  'Error importing saved_queries': [
    'Erreur lors de l’importation des requêtes enregistrées',
    'Fehler beim Importieren der gespeicherten Abfragen',
  ],
  'Length must be between 0 and {0}.': ['La longueur doit être comprise entre 0 et {0}.', 'Die Länge muss zwischen 0 und {0} liegen.'],
  'Must be a rison list of saved query ids, e.g. !(1,2).': [
    'Doit être une liste rison d’identifiants de requêtes enregistrées, par exemple !(1,2).',
    'Muss eine Rison-Liste von IDs gespeicherter Abfragen sein, z. B. !(1,2).',
  ],
  'Scheduling queries is switched off on this server (the ALERT_REPORTS feature flag).': [
    'La planification de requêtes est désactivée sur ce serveur (option ALERT_REPORTS).',
    'Das Planen von Abfragen ist auf diesem Server deaktiviert (Feature-Flag ALERT_REPORTS).',
  ],
  'You are not allowed to schedule queries (it needs the right to write reports and alerts).': [
    'Vous n’êtes pas autorisé à planifier des requêtes (cela nécessite le droit de créer des rapports et des alertes).',
    'Sie dürfen keine Abfragen planen (dazu ist das Recht erforderlich, Berichte und Alarme zu schreiben).',
  ],
  'The value of {0} must be an integer.': ['La valeur de {0} doit être un nombre entier.', 'Der Wert von {0} muss eine ganze Zahl sein.'],
  'Field cannot be decoded by JSON: extra_json is not valid JSON': [
    'Le champ ne peut pas être décodé en JSON : extra_json n’est pas un JSON valide',
    'Das Feld kann nicht als JSON dekodiert werden: extra_json ist kein gültiges JSON',
  ],
  'extra_json must be a JSON object': ['extra_json doit être un objet JSON', 'extra_json muss ein JSON-Objekt sein'],
  'schedule_info must be a JSON object': ['schedule_info doit être un objet JSON', 'schedule_info muss ein JSON-Objekt sein'],
  'The value of id must be a list of integers.': [
    'La valeur de id doit être une liste de nombres entiers.',
    'Der Wert von id muss eine Liste ganzer Zahlen sein.',
  ],
  'The value of tags must be a tag id.': [
    'La valeur de tags doit être un identifiant d’étiquette.',
    'Der Wert von tags muss eine Tag-ID sein.',
  ],
  'Log in to keep filter values under a link: anonymous visitors cannot save filter state.': [
    'Connectez-vous pour conserver des valeurs de filtre dans un lien : les visiteurs anonymes ne peuvent pas enregistrer l’état des filtres.',
    'Melden Sie sich an, um Filterwerte unter einem Link zu speichern: Anonyme Besucher können keinen Filterzustand speichern.',
  ],
  'A role with this name already exists.': ['Un rôle portant ce nom existe déjà.', 'Eine Rolle mit diesem Namen existiert bereits.'],
  '{0} is a built-in role: Rama re-creates it by name at every start, so it cannot be renamed.': [
    '{0} est un rôle intégré : Rama le recrée d’après son nom à chaque démarrage, il ne peut donc pas être renommé.',
    '{0} ist eine integrierte Rolle: Rama legt sie bei jedem Start anhand ihres Namens neu an, daher kann sie nicht umbenannt werden.',
  ],
  '{0} is a built-in role: Rama re-creates it by name at every start, so it cannot be deleted.': [
    '{0} est un rôle intégré : Rama le recrée d’après son nom à chaque démarrage, il ne peut donc pas être supprimé.',
    '{0} ist eine integrierte Rolle: Rama legt sie bei jedem Start anhand ihres Namens neu an, daher kann sie nicht gelöscht werden.',
  ],
  '{0} may do everything whatever it lists: its permissions can be added to but not reduced.': [
    '{0} peut tout faire, quelles que soient les autorisations listées : on peut lui en ajouter, mais pas en retirer.',
    '{0} darf alles, unabhängig von den aufgeführten Berechtigungen: Sie können Berechtigungen hinzufügen, aber nicht entfernen.',
  ],
  'You cannot remove yourself from the {0} role.': [
    'Vous ne pouvez pas vous retirer vous-même du rôle {0}.',
    'Sie können sich nicht selbst aus der Rolle {0} entfernen.',
  ],
  'Invalid login. Please try again.': [
    'Identifiants non valides. Veuillez réessayer.',
    'Ungültige Anmeldedaten. Bitte versuchen Sie es erneut.',
  ],
  'Too many login attempts. Please wait a minute and try again.': [
    'Trop de tentatives de connexion. Veuillez patienter une minute et réessayer.',
    'Zu viele Anmeldeversuche. Bitte warten Sie eine Minute und versuchen Sie es erneut.',
  ],
  'The refresh token is missing, invalid or expired.': [
    'Le jeton de rafraîchissement est absent, non valide ou expiré.',
    'Das Aktualisierungstoken fehlt, ist ungültig oder abgelaufen.',
  ],
  'You cannot delete your own account.': [
    'Vous ne pouvez pas supprimer votre propre compte.',
    'Sie können Ihr eigenes Konto nicht löschen.',
  ],
  'A user with this {0} already exists.': [
    'Un utilisateur avec cette valeur de {0} existe déjà.',
    'Ein Benutzer mit diesem Wert für {0} existiert bereits.',
  ],
  'One or more roles do not exist.': ['Un ou plusieurs rôles n’existent pas.', 'Eine oder mehrere Rollen existieren nicht.'],
  'The SQL expression of the {0} is empty.': ['L’expression SQL de l’élément {0} est vide.', 'Der SQL-Ausdruck des Elements {0} ist leer.'],
  'The SQL expression is too long (more than {0} characters).': [
    'L’expression SQL est trop longue (plus de {0} caractères).',
    'Der SQL-Ausdruck ist zu lang (mehr als {0} Zeichen).',
  ],
  'The SQL expression contains a NUL character.': [
    'L’expression SQL contient un caractère NUL.',
    'Der SQL-Ausdruck enthält ein NUL-Zeichen.',
  ],
  'Custom SQL fields cannot contain sub-queries.': [
    'Les champs SQL personnalisés ne peuvent pas contenir de sous-requêtes.',
    'Benutzerdefinierte SQL-Felder dürfen keine Unterabfragen enthalten.',
  ],
  'The {0} is not a single SQL expression: {1}': [
    'L’élément {0} n’est pas une expression SQL unique : {1}',
    'Das Element {0} ist kein einzelner SQL-Ausdruck: {1}',
  ],
  'Comments are not allowed in a SQL expression.': [
    'Les commentaires ne sont pas autorisés dans une expression SQL.',
    'Kommentare sind in einem SQL-Ausdruck nicht erlaubt.',
  ],
  'A quoted {0} is not closed: {1}': [
    'Un élément entre guillemets ({0}) n’est pas fermé : {1}',
    'Ein Element in Anführungszeichen ({0}) ist nicht geschlossen: {1}',
  ],
  'A SQL expression cannot contain ";" (one expression, not statements).': [
    'Une expression SQL ne peut pas contenir « ; » (une seule expression, pas des instructions).',
    'Ein SQL-Ausdruck darf kein „;“ enthalten (ein Ausdruck, keine Anweisungen).',
  ],
  'The brackets of the SQL expression do not match (at "{0}").': [
    'Les parenthèses de l’expression SQL ne correspondent pas (à « {0} »).',
    'Die Klammern des SQL-Ausdrucks passen nicht zusammen (bei „{0}“).',
  ],
  'The brackets of the SQL expression do not match ("{0}" is not closed).': [
    'Les parenthèses de l’expression SQL ne correspondent pas (« {0} » n’est pas fermé).',
    'Die Klammern des SQL-Ausdrucks passen nicht zusammen („{0}“ ist nicht geschlossen).',
  ],
  "A backslash before a quote in a string is read differently depending on the database's settings: write a quote in a string as two quotes ('').":
    [
      "Une barre oblique inverse devant un guillemet dans une chaîne est lue différemment selon les paramètres de la base de données : écrivez un guillemet dans une chaîne sous la forme de deux guillemets ('').",
      "Ein Backslash vor einem Anführungszeichen in einer Zeichenkette wird je nach Datenbankeinstellungen unterschiedlich gelesen: Schreiben Sie ein Anführungszeichen in einer Zeichenkette als zwei Anführungszeichen ('').",
    ],
  'Variables (@name) are not allowed in a SQL expression.': [
    'Les variables (@name) ne sont pas autorisées dans une expression SQL.',
    'Variablen (@name) sind in einem SQL-Ausdruck nicht erlaubt.',
  ],
  'Unicode escapes (U&) are not allowed in a SQL expression.': [
    'Les échappements Unicode (U&) ne sont pas autorisés dans une expression SQL.',
    'Unicode-Escapes (U&) sind in einem SQL-Ausdruck nicht erlaubt.',
  ],
  'Set operations (UNION, INTERSECT, EXCEPT) are not allowed in a SQL expression.': [
    'Les opérations ensemblistes (UNION, INTERSECT, EXCEPT) ne sont pas autorisées dans une expression SQL.',
    'Mengenoperationen (UNION, INTERSECT, EXCEPT) sind in einem SQL-Ausdruck nicht erlaubt.',
  ],
  '{0} is not allowed in a SQL expression.': [
    '{0} n’est pas autorisé dans une expression SQL.',
    '{0} ist in einem SQL-Ausdruck nicht erlaubt.',
  ],
  'The function {0} is not allowed in a SQL expression.': [
    'La fonction {0} n’est pas autorisée dans une expression SQL.',
    'Die Funktion {0} ist in einem SQL-Ausdruck nicht erlaubt.',
  ],
  'A SQL expression cannot change data or the session.': [
    'Une expression SQL ne peut modifier ni les données ni la session.',
    'Ein SQL-Ausdruck kann weder Daten noch die Sitzung ändern.',
  ],
  'A SQL expression holds one expression: remove the comma between expressions.': [
    'Une expression SQL ne contient qu’une expression : supprimez la virgule entre les expressions.',
    'Ein SQL-Ausdruck enthält nur einen Ausdruck: Entfernen Sie das Komma zwischen den Ausdrücken.',
  ],
  'Remove the alias (AS …) from the SQL expression: its label is set separately.': [
    'Supprimez l’alias (AS …) de l’expression SQL : son libellé se définit séparément.',
    'Entfernen Sie den Alias (AS …) aus dem SQL-Ausdruck: Seine Beschriftung wird separat festgelegt.',
  ],
  'The SQL is too large or too complex to analyse ({0}). Please shorten the query or split it into smaller statements.': [
    'Le SQL est trop volumineux ou trop complexe pour être analysé ({0}). Veuillez raccourcir la requête ou la diviser en instructions plus petites.',
    'Das SQL ist zu groß oder zu komplex für die Analyse ({0}). Bitte kürzen Sie die Abfrage oder teilen Sie sie in kleinere Anweisungen auf.',
  ],
  'it needed too much memory': ['elle demandait trop de mémoire', 'sie benötigte zu viel Speicher'],
  'it took longer than {0} s': ['elle a pris plus de {0} s', 'sie dauerte länger als {0} s'],
  'it reads as more than one statement': ['elle se lit comme plusieurs instructions', 'sie wird als mehr als eine Anweisung gelesen'],
  'the parser could not read the statement': ['l’analyseur n’a pas pu lire l’instruction', 'der Parser konnte die Anweisung nicht lesen'],
  'unexpected "{0}"': ['« {0} » inattendu', 'unerwartetes „{0}“'],
  'unexpected end of the statement': ['fin inattendue de l’instruction', 'unerwartetes Ende der Anweisung'],
  'Names starting with "_" are not allowed in templates.': [
    'Les noms commençant par « _ » ne sont pas autorisés dans les modèles.',
    'Namen, die mit „_“ beginnen, sind in Vorlagen nicht erlaubt.',
  ],
  'A dataset needs a single SELECT statement.': [
    'Un jeu de données nécessite une seule instruction SELECT.',
    'Ein Datensatz benötigt eine einzelne SELECT-Anweisung.',
  ],
  '{0} needs a number': ['{0} nécessite un nombre', '{0} benötigt eine Zahl'],
  'This database does not allow CREATE TABLE AS (CTAS).': [
    'Cette base de données n’autorise pas CREATE TABLE AS (CTAS).',
    'Diese Datenbank erlaubt kein CREATE TABLE AS (CTAS).',
  ],
  'This database does not allow CREATE VIEW AS (CVAS).': [
    'Cette base de données n’autorise pas CREATE VIEW AS (CVAS).',
    'Diese Datenbank erlaubt kein CREATE VIEW AS (CVAS).',
  ],
  'CTAS (create table as select) can only be run with a query where the last statement is a SELECT. Please make sure your query has a SELECT as its last statement. Then, try running your query again.':
    [
      'CTAS (create table as select) ne peut être exécuté qu’avec une requête dont la dernière instruction est un SELECT. Veuillez vérifier que la dernière instruction de votre requête est un SELECT, puis exécutez à nouveau votre requête.',
      'CTAS (create table as select) kann nur mit einer Abfrage ausgeführt werden, deren letzte Anweisung ein SELECT ist. Bitte stellen Sie sicher, dass die letzte Anweisung Ihrer Abfrage ein SELECT ist, und führen Sie die Abfrage dann erneut aus.',
    ],
  'CVAS (create view as select) can only be run with a query with a single SELECT statement. Please make sure your query has only a SELECT statement. Then, try running your query again.':
    [
      'CVAS (create view as select) ne peut être exécuté qu’avec une requête comportant une seule instruction SELECT. Veuillez vérifier que votre requête ne contient qu’une instruction SELECT, puis exécutez à nouveau votre requête.',
      'CVAS (create view as select) kann nur mit einer Abfrage mit einer einzigen SELECT-Anweisung ausgeführt werden. Bitte stellen Sie sicher, dass Ihre Abfrage nur eine SELECT-Anweisung enthält, und führen Sie die Abfrage dann erneut aus.',
    ],
  'You are not allowed to create a {0} in schema "{1}" of this database.': [
    'Vous n’êtes pas autorisé à créer un objet {0} dans le schéma « {1} » de cette base de données.',
    'Sie dürfen im Schema „{1}“ dieser Datenbank kein Objekt vom Typ {0} anlegen.',
  ],
  'The database could not be found.': ['La base de données est introuvable.', 'Die Datenbank wurde nicht gefunden.'],
  'A query with this client_id already exists.': [
    'Une requête avec ce client_id existe déjà.',
    'Eine Abfrage mit dieser client_id existiert bereits.',
  ],
  'The query could not be queued.': [
    'La requête n’a pas pu être mise en file d’attente.',
    'Die Abfrage konnte nicht in die Warteschlange gestellt werden.',
  ],
  'The results backend is unavailable.': ['Le stockage des résultats est indisponible.', 'Der Ergebnisspeicher ist nicht verfügbar.'],
  'Data could not be retrieved from the results backend. You need to re-run the original query.': [
    'Les données n’ont pas pu être récupérées depuis le stockage des résultats. Vous devez exécuter à nouveau la requête d’origine.',
    'Die Daten konnten nicht aus dem Ergebnisspeicher abgerufen werden. Sie müssen die ursprüngliche Abfrage erneut ausführen.',
  ],
  'Only a query that finished successfully can be exported.': [
    'Seule une requête terminée avec succès peut être exportée.',
    'Nur eine erfolgreich abgeschlossene Abfrage kann exportiert werden.',
  ],
  'Only queries that only read data can be exported.': [
    'Seules les requêtes qui se contentent de lire des données peuvent être exportées.',
    'Nur Abfragen, die ausschließlich Daten lesen, können exportiert werden.',
  ],
  'This query returns no rows to export.': [
    'Cette requête ne renvoie aucune ligne à exporter.',
    'Diese Abfrage liefert keine Zeilen zum Exportieren.',
  ],
  'Cost estimation is not enabled for this database.': [
    'L’estimation du coût n’est pas activée pour cette base de données.',
    'Die Kostenschätzung ist für diese Datenbank nicht aktiviert.',
  ],
  'Only SELECT statements can be estimated.': [
    'Seules les instructions SELECT peuvent être estimées.',
    'Nur SELECT-Anweisungen können geschätzt werden.',
  ],
  'The SQL could not be formatted.': ['Le SQL n’a pas pu être mis en forme.', 'Das SQL konnte nicht formatiert werden.'],
  'The request body must be an object.': ['Le corps de la requête doit être un objet.', 'Der Body der Anfrage muss ein Objekt sein.'],
  'Only one value is allowed.': ['Une seule valeur est autorisée.', 'Es ist nur ein Wert erlaubt.'],
  'Not a valid JSON value.': ['Valeur JSON non valide.', 'Kein gültiger JSON-Wert.'],
  'Must be a JSON object.': ['Doit être un objet JSON.', 'Muss ein JSON-Objekt sein.'],
  'Saved query does not exist': ['La requête enregistrée n’existe pas', 'Die gespeicherte Abfrage existiert nicht'],
  'Object type not found.': ['Type d’objet introuvable.', 'Objekttyp nicht gefunden.'],
  'At most {0} items.': ['Au plus {0} éléments.', 'Höchstens {0} Elemente.'],
  'Not a valid list of tag names.': ['Liste de noms d’étiquettes non valide.', 'Keine gültige Liste von Tag-Namen.'],
  'Not a valid list of ids.': ['Liste d’identifiants non valide.', 'Keine gültige Liste von IDs.'],
  'Unknown object type {0}.': ['Type d’objet inconnu : {0}.', 'Unbekannter Objekttyp {0}.'],
  'Tag not found.': ['Étiquette introuvable.', 'Tag nicht gefunden.'],
  'A tag with this name already exists.': ['Une étiquette portant ce nom existe déjà.', 'Ein Tag mit diesem Namen existiert bereits.'],
  'At most {0} objects per request.': ['Au plus {0} objets par requête.', 'Höchstens {0} Objekte pro Anfrage.'],
  'You do not have permission to untag this object.': [
    'Vous n’avez pas l’autorisation de retirer les étiquettes de cet objet.',
    'Sie haben keine Berechtigung, Tags von diesem Objekt zu entfernen.',
  ],
  'At most {0} tags per request.': ['Au plus {0} étiquettes par requête.', 'Höchstens {0} Tags pro Anfrage.'],
  'No tags to add.': ['Aucune étiquette à ajouter.', 'Keine Tags zum Hinzufügen.'],
  'Tagged object not found.': ['Objet étiqueté introuvable.', 'Getaggtes Objekt nicht gefunden.'],
  'Saved query not found.': ['Requête enregistrée introuvable.', 'Gespeicherte Abfrage nicht gefunden.'],
  "Give a time range or a list of them, e.g. 'Last week' or !('Last week','No filter').": [
    "Indiquez une plage temporelle ou une liste de plages, par exemple 'Last week' ou !('Last week','No filter').",
    "Geben Sie einen Zeitraum oder eine Liste von Zeiträumen an, z. B. 'Last week' oder !('Last week','No filter').",
  ],
  'The upload is a multipart form with the file in a "file" field.': [
    'Le téléversement est un formulaire multipart avec le fichier dans un champ « file ».',
    'Der Upload ist ein Multipart-Formular mit der Datei im Feld „file“.',
  ],
  'Only one file, in the "file" field, is accepted.': [
    'Un seul fichier est accepté, dans le champ « file ».',
    'Es wird nur eine Datei im Feld „file“ akzeptiert.',
  ],
  'File size exceeds the maximum allowed size.': [
    'La taille du fichier dépasse la taille maximale autorisée.',
    'Die Dateigröße überschreitet die maximal zulässige Größe.',
  ],
  'At most {0} characters.': ['Au plus {0} caractères.', 'Höchstens {0} Zeichen.'],
  'The form has too many fields.': ['Le formulaire comporte trop de champs.', 'Das Formular hat zu viele Felder.'],
  'Must be one of: csv, excel, columnar.': [
    'Doit être l’une des valeurs suivantes : csv, excel, columnar.',
    'Muss einer der folgenden Werte sein: csv, excel, columnar.',
  ],
  'Unknown field.': ['Champ inconnu.', 'Unbekanntes Feld.'],
  'The file could not be loaded into the database: {0}': [
    'Le fichier n’a pas pu être chargé dans la base de données : {0}',
    'Die Datei konnte nicht in die Datenbank geladen werden: {0}',
  ],
  'Database schema is not allowed for csv uploads.': [
    'Ce schéma de base de données n’est pas autorisé pour les téléversements CSV.',
    'Dieses Datenbankschema ist für CSV-Uploads nicht zulässig.',
  ],
  'Too many uploads at once; wait for one to finish.': [
    'Trop de téléversements simultanés ; attendez que l’un d’eux se termine.',
    'Zu viele gleichzeitige Uploads; warten Sie, bis einer abgeschlossen ist.',
  ],
  'Table "{0}" already exists. Choose "replace" or "append" for "if the table already exists", or give another table name.': [
    'La table « {0} » existe déjà. Choisissez « replace » ou « append » pour « if the table already exists », ou indiquez un autre nom de table.',
    'Die Tabelle „{0}“ existiert bereits. Wählen Sie „replace“ oder „append“ für „if the table already exists“ oder geben Sie einen anderen Tabellennamen an.',
  ],
  'Must be between 0 and {0}.': ['Doit être compris entre 0 et {0}.', 'Muss zwischen 0 und {0} liegen.'],
  'Must be between 1 and {0}.': ['Doit être compris entre 1 et {0}.', 'Muss zwischen 1 und {0} liegen.'],
  'Version not found': ['Version introuvable', 'Version nicht gefunden'],
  'Only admins see recently deleted objects': [
    'Seuls les administrateurs voient les objets récemment supprimés',
    'Nur Administratoren sehen kürzlich gelöschte Objekte',
  ],
  'Only admins restore deleted objects': [
    'Seuls les administrateurs restaurent les objets supprimés',
    'Nur Administratoren stellen gelöschte Objekte wieder her',
  ],
  'SSH tunnels are not supported: {0} connects through one': [
    'Les tunnels SSH ne sont pas pris en charge : {0} passe par un tunnel',
    'SSH-Tunnel werden nicht unterstützt: {0} verbindet sich über einen Tunnel',
  ],
  'SSH tunnels are not supported: {0} connect through one': [
    'Les tunnels SSH ne sont pas pris en charge : {0} passent par un tunnel',
    'SSH-Tunnel werden nicht unterstützt: {0} verbinden sich über einen Tunnel',
  ],
  'Request body is not valid JSON.': ['Le corps de la requête n’est pas un JSON valide.', 'Der Body der Anfrage ist kein gültiges JSON.'],
  'Unsupported media type.': ['Type de média non pris en charge.', 'Nicht unterstützter Medientyp.'],
  'Invalid value.': ['Valeur non valide.', 'Ungültiger Wert.'],
  'Must be string.': ['Doit être une chaîne de caractères.', 'Muss eine Zeichenkette sein.'],
  'Must be integer.': ['Doit être un nombre entier.', 'Muss eine ganze Zahl sein.'],
  'Must be number.': ['Doit être un nombre.', 'Muss eine Zahl sein.'],
  'Must be boolean.': ['Doit être un booléen.', 'Muss ein boolescher Wert sein.'],
  'Must be object.': ['Doit être un objet.', 'Muss ein Objekt sein.'],
  'Must be array.': ['Doit être une liste.', 'Muss eine Liste sein.'],
  'Must be null.': ['Doit être null.', 'Muss null sein.'],
  'Must be string,null.': ['Doit être une chaîne de caractères ou null.', 'Muss eine Zeichenkette oder null sein.'],
  'Must be integer,null.': ['Doit être un nombre entier ou null.', 'Muss eine ganze Zahl oder null sein.'],
  'Must be number,null.': ['Doit être un nombre ou null.', 'Muss eine Zahl oder null sein.'],
  'Must be boolean,null.': ['Doit être un booléen ou null.', 'Muss ein boolescher Wert oder null sein.'],
  'Must be object,null.': ['Doit être un objet ou null.', 'Muss ein Objekt oder null sein.'],
  'Must be array,null.': ['Doit être une liste ou null.', 'Muss eine Liste oder null sein.'],
  'Must NOT have additional properties.': [
    'Ne doit pas avoir de propriétés supplémentaires.',
    'Darf keine zusätzlichen Eigenschaften haben.',
  ],
  'Must be equal to one of the allowed values.': [
    'Doit être égal à l’une des valeurs autorisées.',
    'Muss einem der zulässigen Werte entsprechen.',
  ],
  'Must be equal to constant.': ['Doit être égal à la constante.', 'Muss der Konstanten entsprechen.'],
  'Must NOT have fewer than {0} characters.': ['Ne doit pas compter moins de {0} caractères.', 'Darf nicht weniger als {0} Zeichen haben.'],
  'Must NOT have more than {0} characters.': ['Ne doit pas compter plus de {0} caractères.', 'Darf nicht mehr als {0} Zeichen haben.'],
  'Must NOT have fewer than {0} items.': ['Ne doit pas compter moins de {0} éléments.', 'Darf nicht weniger als {0} Elemente haben.'],
  'Must NOT have more than {0} items.': ['Ne doit pas compter plus de {0} éléments.', 'Darf nicht mehr als {0} Elemente haben.'],
  'Must NOT have fewer than {0} properties.': [
    'Ne doit pas compter moins de {0} propriétés.',
    'Darf nicht weniger als {0} Eigenschaften haben.',
  ],
  'Must NOT have more than {0} properties.': [
    'Ne doit pas compter plus de {0} propriétés.',
    'Darf nicht mehr als {0} Eigenschaften haben.',
  ],
  'Must be >= {0}.': ['Doit être supérieur ou égal à {0}.', 'Muss größer oder gleich {0} sein.'],
  'Must be <= {0}.': ['Doit être inférieur ou égal à {0}.', 'Muss kleiner oder gleich {0} sein.'],
  'Must be > {0}.': ['Doit être supérieur à {0}.', 'Muss größer als {0} sein.'],
  'Must be < {0}.': ['Doit être inférieur à {0}.', 'Muss kleiner als {0} sein.'],
  'Must be multiple of {0}.': ['Doit être un multiple de {0}.', 'Muss ein Vielfaches von {0} sein.'],
  'Must match pattern {0}.': ['Doit correspondre au motif {0}.', 'Muss dem Muster {0} entsprechen.'],
  'Must match format {0}.': ['Doit respecter le format {0}.', 'Muss dem Format {0} entsprechen.'],
  'Must match a schema in anyOf.': ['Doit correspondre à l’un des schémas de anyOf.', 'Muss einem der Schemas in anyOf entsprechen.'],
  'Must match exactly one schema in oneOf.': [
    'Doit correspondre à exactement un schéma de oneOf.',
    'Muss genau einem Schema in oneOf entsprechen.',
  ],
  'Must NOT be valid.': ['Ne doit pas être valide.', 'Darf nicht gültig sein.'],
  'Must NOT have duplicate items (items ## {0} and {1} are identical).': [
    'Ne doit pas contenir de doublons (les éléments nos {0} et {1} sont identiques).',
    'Darf keine doppelten Elemente enthalten (die Elemente Nr. {0} und {1} sind identisch).',
  ],
  'Rate limit exceeded, retry in {0}': [
    'Limite de requêtes atteinte, réessayez dans {0}',
    'Anfragelimit überschritten, versuchen Sie es in {0} erneut',
  ],
  '1 minute': ['1 minute', '1 Minute'],
  'Dataset {0} already exists': ['Le jeu de données {0} existe déjà', 'Der Datensatz {0} existiert bereits'],
  'Table [{0}] could not be found, please double check your database connection, schema, and table name': [
    'La table [{0}] est introuvable, veuillez vérifier la connexion à la base de données, le schéma et le nom de la table',
    'Die Tabelle [{0}] wurde nicht gefunden, bitte prüfen Sie die Datenbankverbindung, das Schema und den Tabellennamen',
  ],
  'rls[{0}]: {1}': ['rls[{0}] : {1}', 'rls[{0}]: {1}'],
  'Alert triggered: {0}': ['Alerte déclenchée : {0}', 'Alarm ausgelöst: {0}'],
  'Alert triggered: {0} (value {1})': ['Alerte déclenchée : {0} (valeur {1})', 'Alarm ausgelöst: {0} (Wert {1})'],
  'Explore in Rama': ['Explorer dans Rama', 'In Rama erkunden'],
  'Explore in Rama: {0}': ['Explorer dans Rama : {0}', 'In Rama erkunden: {0}'],
  '{0} of {1} rows shown.': ['Lignes affichées : {0} sur {1}.', '{0} von {1} Zeilen angezeigt.'],
  '({0} of {1} rows shown)': ['(lignes affichées : {0} sur {1})', '({0} von {1} Zeilen angezeigt)'],
  '[Report] ': ['[Rapport] ', '[Bericht] '],
  'The server is shutting down.': ['Le serveur est en cours d’arrêt.', 'Der Server wird heruntergefahren.'],
  'The async chart queue (Redis) is unavailable.': [
    'La file d’attente asynchrone des graphiques (Redis) est indisponible.',
    'Die asynchrone Diagramm-Warteschlange (Redis) ist nicht verfügbar.',
  ],
  'an empty time range': ['une plage temporelle vide', 'ein leerer Zeitraum'],
  'The metadata store of Rama cannot be used as a data source for security reasons.': [
    'La base de métadonnées de Rama ne peut pas servir de source de données, pour des raisons de sécurité.',
    'Der Metadatenspeicher von Rama kann aus Sicherheitsgründen nicht als Datenquelle verwendet werden.',
  ],
  '{0} and other file-based databases cannot be used as a data source for security reasons (an administrator can allow them with RAMA_ALLOW_FILE_URIS=true).':
    [
      '{0} et les autres bases de données fondées sur des fichiers ne peuvent pas servir de source de données, pour des raisons de sécurité (un administrateur peut les autoriser avec RAMA_ALLOW_FILE_URIS=true).',
      '{0} und andere dateibasierte Datenbanken können aus Sicherheitsgründen nicht als Datenquelle verwendet werden (ein Administrator kann sie mit RAMA_ALLOW_FILE_URIS=true zulassen).',
    ],
  'Invalid connection string: a host is required, e.g. {0}': [
    'Chaîne de connexion non valide : un hôte est requis, par exemple {0}',
    'Ungültige Verbindungszeichenfolge: Ein Host ist erforderlich, z. B. {0}',
  ],
  'The bundle is too large to import.': ['L’archive est trop volumineuse pour être importée.', 'Das Paket ist zu groß für den Import.'],
  'Not a valid ZIP file.': ['Fichier ZIP non valide.', 'Keine gültige ZIP-Datei.'],
  'The bundle reader could not be started.': [
    'Le lecteur d’archive n’a pas pu être démarré.',
    'Der Paketleser konnte nicht gestartet werden.',
  ],
  'The bundle needs too much memory to read. Please import it in smaller parts.': [
    'La lecture de l’archive demande trop de mémoire. Veuillez l’importer en plusieurs parties plus petites.',
    'Das Lesen des Pakets benötigt zu viel Speicher. Bitte importieren Sie es in kleineren Teilen.',
  ],
  'The bundle reader stopped unexpectedly.': [
    'Le lecteur d’archive s’est arrêté de manière inattendue.',
    'Der Paketleser wurde unerwartet beendet.',
  ],
  'The bundle took longer than {0} to read. Please import it in smaller parts.': [
    'La lecture de l’archive a pris plus de {0}. Veuillez l’importer en plusieurs parties plus petites.',
    'Das Lesen des Pakets hat länger als {0} gedauert. Bitte importieren Sie es in kleineren Teilen.',
  ],
  'Currency must be a JSON object with symbol and symbolPosition.': [
    'La devise doit être un objet JSON avec symbol et symbolPosition.',
    'Die Währung muss ein JSON-Objekt mit symbol und symbolPosition sein.',
  ],
  'Currency must be a JSON object with symbol and symbolPosition (prefix or suffix).': [
    'La devise doit être un objet JSON avec symbol et symbolPosition (prefix ou suffix).',
    'Die Währung muss ein JSON-Objekt mit symbol und symbolPosition (prefix oder suffix) sein.',
  ],
  '{0}: a key that is not a plain value': [
    '{0} : une clé qui n’est pas une valeur simple',
    '{0}: ein Schlüssel, der kein einfacher Wert ist',
  ],
  'Not a valid YAML file': ['Fichier YAML non valide', 'Keine gültige YAML-Datei'],
  'The table has no column "{0}".': ['La table n’a pas de colonne « {0} ».', 'Die Tabelle hat keine Spalte „{0}“.'],
  'Column "{0}" is {1} in the table, but the file holds {2} there.': [
    'La colonne « {0} » est de type {1} dans la table, mais le fichier y contient {2}.',
    'Die Spalte „{0}“ ist in der Tabelle vom Typ {1}, die Datei enthält dort aber {2}.',
  ],
  'Table {0}{1} does not exist.': ['La table {0}{1} n’existe pas.', 'Die Tabelle {0}{1} existiert nicht.'],
  'ClickHouse reported an error.': ['ClickHouse a signalé une erreur.', 'ClickHouse hat einen Fehler gemeldet.'],
  'The table function {0}() is not allowed on a read-only database: it reaches outside ClickHouse.': [
    'La fonction de table {0}() n’est pas autorisée sur une base de données en lecture seule : elle accède à des ressources hors de ClickHouse.',
    'Die Tabellenfunktion {0}() ist auf einer schreibgeschützten Datenbank nicht erlaubt: Sie greift über ClickHouse hinaus.',
  ],
  'This pool does not belong to a ClickHouse database.': [
    'Ce pool n’appartient pas à une base de données ClickHouse.',
    'Dieser Pool gehört nicht zu einer ClickHouse-Datenbank.',
  ],
  'Table {0}.{1} does not exist.': ['La table {0}.{1} n’existe pas.', 'Die Tabelle {0}.{1} existiert nicht.'],
  'DuckDB reported an error.': ['DuckDB a signalé une erreur.', 'DuckDB hat einen Fehler gemeldet.'],
  'The query stopped after {0} of its {1} rows (DuckDB ran out of memory or refused a value on the way, without saying). Add a LIMIT or narrow the query, and run it again.':
    [
      'La requête s’est arrêtée après {0} de ses {1} lignes (DuckDB a manqué de mémoire ou a refusé une valeur en cours de route, sans le signaler). Ajoutez une clause LIMIT ou restreignez la requête, puis exécutez-la à nouveau.',
      'Die Abfrage wurde nach {0} von {1} Zeilen beendet (DuckDB hatte unterwegs keinen Speicher mehr oder hat einen Wert abgelehnt, ohne es zu melden). Fügen Sie ein LIMIT hinzu oder schränken Sie die Abfrage ein und führen Sie sie erneut aus.',
    ],
  'This pool does not belong to a DuckDB database.': [
    'Ce pool n’appartient pas à une base de données DuckDB.',
    'Dieser Pool gehört nicht zu einer DuckDB-Datenbank.',
  ],
  'The database file "{0}" is locked by another process.': [
    'Le fichier de base de données « {0} » est verrouillé par un autre processus.',
    'Die Datenbankdatei „{0}“ ist von einem anderen Prozess gesperrt.',
  ],
  'Unable to open the database file "{0}".': [
    'Impossible d’ouvrir le fichier de base de données « {0} ».',
    'Die Datenbankdatei „{0}“ kann nicht geöffnet werden.',
  ],
  'Port {0} on hostname "{1}" refused the connection.': [
    'Le port {0} de l’hôte « {1} » a refusé la connexion.',
    'Port {0} auf dem Host „{1}“ hat die Verbindung abgelehnt.',
  ],
  'The hostname "{0}" cannot be resolved.': [
    'Le nom d’hôte « {0} » ne peut pas être résolu.',
    'Der Hostname „{0}“ kann nicht aufgelöst werden.',
  ],
  'The host "{0}" might be down, and can\'t be reached on port {1}.': [
    'L’hôte « {0} » est peut-être hors service et ne peut pas être joint sur le port {1}.',
    'Der Host „{0}“ ist möglicherweise nicht in Betrieb und auf Port {1} nicht erreichbar.',
  ],
  'The connection to "{0}" was closed unexpectedly.': [
    'La connexion à « {0} » a été fermée de manière inattendue.',
    'Die Verbindung zu „{0}“ wurde unerwartet geschlossen.',
  ],
  'Either the username "{0}" or the password is incorrect.': [
    'Le nom d’utilisateur « {0} » ou le mot de passe est incorrect.',
    'Entweder der Benutzername „{0}“ oder das Passwort ist falsch.',
  ],
  'Unable to connect to database "{0}".': [
    'Impossible de se connecter à la base de données « {0} ».',
    'Verbindung zur Datenbank „{0}“ nicht möglich.',
  ],
  'The query was cancelled.': ['La requête a été annulée.', 'Die Abfrage wurde abgebrochen.'],
  'The connection to the database was closed unexpectedly.': [
    'La connexion à la base de données a été fermée de manière inattendue.',
    'Die Verbindung zur Datenbank wurde unerwartet geschlossen.',
  ],
  'MySQL reported an error.': ['MySQL a signalé une erreur.', 'MySQL hat einen Fehler gemeldet.'],
  'This pool does not belong to a MySQL database.': [
    'Ce pool n’appartient pas à une base de données MySQL.',
    'Dieser Pool gehört nicht zu einer MySQL-Datenbank.',
  ],
  'The connection pool is closed.': ['Le pool de connexions est fermé.', 'Der Verbindungspool ist geschlossen.'],
  'PostgreSQL reported an error.': ['PostgreSQL a signalé une erreur.', 'PostgreSQL hat einen Fehler gemeldet.'],
  'This pool does not belong to a PostgreSQL database.': [
    'Ce pool n’appartient pas à une base de données PostgreSQL.',
    'Dieser Pool gehört nicht zu einer PostgreSQL-Datenbank.',
  ],
  'Could not load database driver: {0}': [
    'Impossible de charger le pilote de base de données : {0}',
    'Der Datenbanktreiber konnte nicht geladen werden: {0}',
  ],
  'The SQLite process stopped unexpectedly.': [
    'Le processus SQLite s’est arrêté de manière inattendue.',
    'Der SQLite-Prozess wurde unerwartet beendet.',
  ],
  'SQLite did not open the database in time.': [
    'SQLite n’a pas ouvert la base de données à temps.',
    'SQLite hat die Datenbank nicht rechtzeitig geöffnet.',
  ],
  'SQLite could not be started.': ['SQLite n’a pas pu être démarré.', 'SQLite konnte nicht gestartet werden.'],
  'The SQLite process is not running.': ['Le processus SQLite n’est pas en cours d’exécution.', 'Der SQLite-Prozess läuft nicht.'],
  'This pool does not belong to a SQLite database.': [
    'Ce pool n’appartient pas à une base de données SQLite.',
    'Dieser Pool gehört nicht zu einer SQLite-Datenbank.',
  ],
  'Invalid connection string: expected dialect://user:password@host:port/database': [
    'Chaîne de connexion non valide : format attendu dialect://user:password@host:port/database',
    'Ungültige Verbindungszeichenfolge: erwartet wird dialect://user:password@host:port/database',
  ],
  'Invalid connection string: the host part could not be read': [
    'Chaîne de connexion non valide : la partie hôte n’a pas pu être lue',
    'Ungültige Verbindungszeichenfolge: Der Host-Teil konnte nicht gelesen werden',
  ],
  'Invalid connection string: the port must be between 1 and 65535': [
    'Chaîne de connexion non valide : le port doit être compris entre 1 et 65535',
    'Ungültige Verbindungszeichenfolge: Der Port muss zwischen 1 und 65535 liegen',
  ],
  'The catalog "{0}" does not exist in this database.': [
    'Le catalogue « {0} » n’existe pas dans cette base de données.',
    'Der Katalog „{0}“ existiert in dieser Datenbank nicht.',
  ],
  'The client went away; the query was stopped.': [
    'Le client s’est déconnecté ; la requête a été arrêtée.',
    'Der Client hat die Verbindung getrennt; die Abfrage wurde gestoppt.',
  ],
  'The clause is empty.': ['La clause est vide.', 'Die Klausel ist leer.'],
  'the SQL could not be analysed': ['le SQL n’a pas pu être analysé', 'das SQL konnte nicht analysiert werden'],
  'the SQL could not be rewritten': ['le SQL n’a pas pu être réécrit', 'das SQL konnte nicht umgeschrieben werden'],
  'the table {0} is used where it cannot be filtered': [
    'la table {0} est utilisée à un endroit où elle ne peut pas être filtrée',
    'die Tabelle {0} wird an einer Stelle verwendet, an der sie nicht gefiltert werden kann',
  ],
  'The SQL analyser could not be started.': [
    'L’analyseur SQL n’a pas pu être démarré.',
    'Der SQL-Analysator konnte nicht gestartet werden.',
  ],
  'The SQL could not be analysed: {0}': ['Le SQL n’a pas pu être analysé : {0}', 'Das SQL konnte nicht analysiert werden: {0}'],
  'The SQL analyser stopped unexpectedly.': [
    'L’analyseur SQL s’est arrêté de manière inattendue.',
    'Der SQL-Analysator wurde unerwartet beendet.',
  ],
  'The SQL analyser was shut down.': ['L’analyseur SQL a été arrêté.', 'Der SQL-Analysator wurde heruntergefahren.'],
  'A value in the template would be longer than {0} characters.': [
    'Une valeur du modèle dépasserait {0} caractères.',
    'Ein Wert in der Vorlage wäre länger als {0} Zeichen.',
  ],
  'A list in the template would have more than {0} items.': [
    'Une liste du modèle compterait plus de {0} éléments.',
    'Eine Liste in der Vorlage hätte mehr als {0} Elemente.',
  ],
  'The template needs more than {0} steps to render.': [
    'Le rendu du modèle nécessite plus de {0} étapes.',
    'Das Rendern der Vorlage benötigt mehr als {0} Schritte.',
  ],
  'The template nests too deeply (a macro that calls itself?).': [
    'Le modèle est trop profondément imbriqué (une macro qui s’appelle elle-même ?).',
    'Die Vorlage ist zu tief verschachtelt (ein Makro, das sich selbst aufruft?).',
  ],
  'The template runs more than {0} loop iterations.': [
    'Le modèle exécute plus de {0} itérations de boucle.',
    'Die Vorlage führt mehr als {0} Schleifendurchläufe aus.',
  ],
  'The rendered query would be longer than {0} characters.': [
    'La requête générée dépasserait {0} caractères.',
    'Die gerenderte Abfrage wäre länger als {0} Zeichen.',
  ],
  'indent() is limited to a width of 1000.': [
    'indent() est limité à une largeur de 1000.',
    'indent() ist auf eine Breite von 1000 begrenzt.',
  ],
  'tojson() is limited to an indent of 16.': [
    'tojson() est limité à une indentation de 16.',
    'tojson() ist auf eine Einrückung von 16 begrenzt.',
  ],
  'range() is limited to {0} items': ['range() est limité à {0} éléments', 'range() ist auf {0} Elemente begrenzt'],
  'The template is longer than {0} characters.': ['Le modèle dépasse {0} caractères.', 'Die Vorlage ist länger als {0} Zeichen.'],
  'The template parameter "{0}" has the name of a built-in and cannot be used.': [
    'Le paramètre de modèle « {0} » porte le nom d’un élément intégré et ne peut pas être utilisé.',
    'Der Vorlagenparameter „{0}“ trägt den Namen eines eingebauten Elements und kann nicht verwendet werden.',
  ],
  'The template renderer is busy; please try again in a moment.': [
    'Le moteur de modèles est occupé ; veuillez réessayer dans un instant.',
    'Der Vorlagen-Renderer ist ausgelastet; bitte versuchen Sie es gleich noch einmal.',
  ],
  'The template could not be rendered: {0}': ['Le modèle n’a pas pu être rendu : {0}', 'Die Vorlage konnte nicht gerendert werden: {0}'],
  'The template renderer stopped unexpectedly.': [
    'Le moteur de modèles s’est arrêté de manière inattendue.',
    'Der Vorlagen-Renderer wurde unerwartet beendet.',
  ],
  'The template used too much memory and was stopped.': [
    'Le modèle a utilisé trop de mémoire et a été arrêté.',
    'Die Vorlage hat zu viel Speicher verwendet und wurde gestoppt.',
  ],
  'The template took longer than {0} s to render and was stopped.': [
    'Le rendu du modèle a pris plus de {0} s et a été arrêté.',
    'Das Rendern der Vorlage hat länger als {0} s gedauert und wurde gestoppt.',
  ],
  'The template parameters are nested too deeply.': [
    'Les paramètres du modèle sont trop profondément imbriqués.',
    'Die Vorlagenparameter sind zu tief verschachtelt.',
  ],
  'The template parameters are not valid JSON.': [
    'Les paramètres du modèle ne sont pas un JSON valide.',
    'Die Vorlagenparameter sind kein gültiges JSON.',
  ],
  'The template parameters must be a JSON object.': [
    'Les paramètres du modèle doivent être un objet JSON.',
    'Die Vorlagenparameter müssen ein JSON-Objekt sein.',
  ],
  'The async query queue (Redis) is unavailable. Run the query synchronously, or try again later.': [
    'La file d’attente des requêtes asynchrones (Redis) est indisponible. Exécutez la requête de manière synchrone ou réessayez plus tard.',
    'Die Warteschlange für asynchrone Abfragen (Redis) ist nicht verfügbar. Führen Sie die Abfrage synchron aus oder versuchen Sie es später erneut.',
  ],
  'Invalid results key': ['Clé de résultats non valide', 'Ungültiger Ergebnisschlüssel'],
  'The results backend (Redis) is unavailable. Please try again later or contact your administrator.': [
    'Le stockage des résultats (Redis) est indisponible. Veuillez réessayer plus tard ou contacter votre administrateur.',
    'Der Ergebnisspeicher (Redis) ist nicht verfügbar. Bitte versuchen Sie es später erneut oder wenden Sie sich an Ihren Administrator.',
  ],
  'The file has {0} columns; at most {1} are accepted.': [
    'Le fichier comporte {0} colonnes ; au plus {1} sont acceptées.',
    'Die Datei hat {0} Spalten; höchstens {1} werden akzeptiert.',
  ],
  'The file cannot be read as a Parquet file.': [
    'Le fichier ne peut pas être lu comme fichier Parquet.',
    'Die Datei kann nicht als Parquet-Datei gelesen werden.',
  ],
  'The Parquet files in the zip cannot be read as one table: each must be a Parquet file with the same columns.': [
    'Les fichiers Parquet du zip ne peuvent pas être lus comme une seule table : chacun doit être un fichier Parquet avec les mêmes colonnes.',
    'Die Parquet-Dateien im ZIP können nicht als eine Tabelle gelesen werden: Jede muss eine Parquet-Datei mit denselben Spalten sein.',
  ],
  'The file cannot be read as a Parquet file: it breaks off or is damaged.': [
    'Le fichier ne peut pas être lu comme fichier Parquet : il est tronqué ou endommagé.',
    'Die Datei kann nicht als Parquet-Datei gelesen werden: Sie bricht ab oder ist beschädigt.',
  ],
  'The zip holds "{0}", which is not a Parquet file (.parquet).': [
    'Le zip contient « {0} », qui n’est pas un fichier Parquet (.parquet).',
    'Das ZIP enthält „{0}“, das keine Parquet-Datei (.parquet) ist.',
  ],
  'The zip holds no Parquet file.': ['Le zip ne contient aucun fichier Parquet.', 'Das ZIP enthält keine Parquet-Datei.'],
  'The zip holds more than {0} files.': ['Le zip contient plus de {0} fichiers.', 'Das ZIP enthält mehr als {0} Dateien.'],
  'The zip unpacks to more than the upload limit ({0} MB).': [
    'Une fois décompressé, le zip dépasse la limite de téléversement ({0} Mo).',
    'Entpackt überschreitet das ZIP die Upload-Grenze ({0} MB).',
  ],
  'A row is longer than {0} characters on line {1}.': [
    'Une ligne dépasse {0} caractères à la ligne {1}.',
    'Eine Zeile ist in Zeile {1} länger als {0} Zeichen.',
  ],
  'A quoted value is not closed (it starts on line {0}).': [
    'Une valeur entre guillemets n’est pas fermée (elle commence à la ligne {0}).',
    'Ein Wert in Anführungszeichen ist nicht geschlossen (er beginnt in Zeile {0}).',
  ],
  'A quote is followed by other characters on line {0}; quote whole values only.': [
    'Un guillemet est suivi d’autres caractères à la ligne {0} ; ne mettez entre guillemets que des valeurs entières.',
    'Auf ein Anführungszeichen folgen in Zeile {0} weitere Zeichen; setzen Sie nur ganze Werte in Anführungszeichen.',
  ],
  'The workbook unpacks to more than Rama reads ({0} MB, of which {1} MB of shared text): save it as CSV and upload that.': [
    'Une fois décompressé, le classeur dépasse ce que Rama lit ({0} Mo, dont {1} Mo de texte partagé) : enregistrez-le au format CSV et téléversez ce fichier.',
    'Entpackt ist die Arbeitsmappe größer, als Rama liest ({0} MB, davon {1} MB gemeinsamer Text): Speichern Sie sie als CSV und laden Sie diese hoch.',
  ],
  "Row {0} is past Excel's last row ({1}).": [
    'La ligne {0} se trouve après la dernière ligne d’Excel ({1}).',
    'Zeile {0} liegt hinter der letzten Zeile von Excel ({1}).',
  ],
  'The file cannot be read as an Excel workbook (.xlsx).': [
    'Le fichier ne peut pas être lu comme classeur Excel (.xlsx).',
    'Die Datei kann nicht als Excel-Arbeitsmappe (.xlsx) gelesen werden.',
  ],
  'The workbook has more than {0} sheets.': ['Le classeur comporte plus de {0} feuilles.', 'Die Arbeitsmappe hat mehr als {0} Blätter.'],
  'The workbook has no sheets.': ['Le classeur ne comporte aucune feuille.', 'Die Arbeitsmappe hat keine Blätter.'],
  'Worksheet named "{0}" not found. The workbook has: {1}.': [
    'Feuille « {0} » introuvable. Le classeur contient : {1}.',
    'Arbeitsblatt „{0}“ nicht gefunden. Die Arbeitsmappe enthält: {1}.',
  ],
  '{0} not found in the file: {1}.': ['Noms introuvables dans le fichier ({0}) : {1}.', 'Nicht in der Datei gefunden ({0}): {1}.'],
  'Columns to read': ['colonnes à lire', 'zu lesende Spalten'],
  'Date columns': ['colonnes de dates', 'Datumsspalten'],
  'Columns with a data type': ['colonnes avec un type de données', 'Spalten mit einem Datentyp'],
  'The index column': ['colonne d’index', 'Indexspalte'],
  'Line {0}{1} has {2} values, but the file has {3} columns.': [
    'La ligne {0}{1} comporte {2} valeurs, mais le fichier a {3} colonnes.',
    'Zeile {0}{1} hat {2} Werte, die Datei hat aber {3} Spalten.',
  ],
  'Line {0}{1}, column "{2}": {3}.': ['Ligne {0}{1}, colonne « {2} » : {3}.', 'Zeile {0}{1}, Spalte „{2}“: {3}.'],
  'The file{0} has no rows to read.': ['Le fichier{0} ne contient aucune ligne à lire.', 'Die Datei{0} enthält keine Zeilen zum Lesen.'],
  'The index column "{0}" is not in the file.': [
    'La colonne d’index « {0} » ne figure pas dans le fichier.',
    'Die Indexspalte „{0}“ ist nicht in der Datei enthalten.',
  ],
  'No columns are left to load.': ['Il ne reste aucune colonne à charger.', 'Es bleiben keine Spalten zum Laden übrig.'],
  'Column "{0}" appears twice.': ['La colonne « {0} » apparaît deux fois.', 'Die Spalte „{0}“ kommt zweimal vor.'],
  'This chart was saved with the legacy "{0}" type and opens as {1} ("{2}"). Its old settings are kept under form_data_bak; save the chart to keep the new type.':
    [
      'Ce graphique a été enregistré avec l’ancien type « {0} » et s’ouvre en tant que {1} (« {2} »). Ses anciens paramètres sont conservés dans form_data_bak ; enregistrez le graphique pour conserver le nouveau type.',
      'Dieses Diagramm wurde mit dem veralteten Typ „{0}“ gespeichert und wird als {1} („{2}“) geöffnet. Seine alten Einstellungen bleiben unter form_data_bak erhalten; speichern Sie das Diagramm, um den neuen Typ beizubehalten.',
    ],
  'The SQL could not be parsed, so it cannot be confirmed to only read data. Please check the syntax.': [
    'Le SQL n’a pas pu être analysé syntaxiquement : impossible de confirmer qu’il se contente de lire des données. Veuillez vérifier la syntaxe.',
    'Das SQL konnte nicht geparst werden, daher lässt sich nicht bestätigen, dass es nur Daten liest. Bitte prüfen Sie die Syntax.',
  ],
  'The SQL could not be parsed (line {0}, column {1}), so it cannot be confirmed to only read data. Please check the syntax.': [
    'Le SQL n’a pas pu être analysé syntaxiquement (ligne {0}, colonne {1}) : impossible de confirmer qu’il se contente de lire des données. Veuillez vérifier la syntaxe.',
    'Das SQL konnte nicht geparst werden (Zeile {0}, Spalte {1}), daher lässt sich nicht bestätigen, dass es nur Daten liest. Bitte prüfen Sie die Syntax.',
  ],
  'The SQL could not be parsed (line {0}, column {1}, near "{2}"), so it cannot be confirmed to only read data. Please check the syntax.': [
    'Le SQL n’a pas pu être analysé syntaxiquement (ligne {0}, colonne {1}, près de « {2} ») : impossible de confirmer qu’il se contente de lire des données. Veuillez vérifier la syntaxe.',
    'Das SQL konnte nicht geparst werden (Zeile {0}, Spalte {1}, bei „{2}“), daher lässt sich nicht bestätigen, dass es nur Daten liest. Bitte prüfen Sie die Syntax.',
  ],
  'The parameter {0} in your query is undefined.': [
    'Le paramètre {0} de votre requête n’est pas défini.',
    'Der Parameter {0} in Ihrer Abfrage ist nicht definiert.',
  ],
  'The following parameters in your query are undefined: {0}.': [
    'Les paramètres suivants de votre requête ne sont pas définis : {0}.',
    'Die folgenden Parameter in Ihrer Abfrage sind nicht definiert: {0}.',
  ],
  'A value in the template is too large.': ['Une valeur du modèle est trop volumineuse.', 'Ein Wert in der Vorlage ist zu groß.'],
  'Unexpected end of the template (a tag is not closed?)': [
    'Fin inattendue du modèle (une balise non fermée ?)',
    'Unerwartetes Ende der Vorlage (ein Tag ist nicht geschlossen?)',
  ],
  'An expression could not be evaluated ({0})': [
    'Une expression n’a pas pu être évaluée ({0})',
    'Ein Ausdruck konnte nicht ausgewertet werden ({0})',
  ],
  'The template could not be rendered.': ['Le modèle n’a pas pu être rendu.', 'Die Vorlage konnte nicht gerendert werden.'],
  'Give the report a name.': ['Donnez un nom au rapport.', 'Geben Sie dem Bericht einen Namen.'],
  'Unknown time zone: {0}': ['Fuseau horaire inconnu : {0}', 'Unbekannte Zeitzone: {0}'],
  'Choose a chart or a dashboard, not both.': [
    'Choisissez un graphique ou un tableau de bord, pas les deux.',
    'Wählen Sie ein Diagramm oder ein Dashboard, nicht beides.',
  ],
  'Choose a chart or a dashboard.': ['Choisissez un graphique ou un tableau de bord.', 'Wählen Sie ein Diagramm oder ein Dashboard.'],
  'CSV and text reports are sent for charts; send a dashboard as PNG, PDF or an Excel workbook.': [
    'Les rapports CSV et texte concernent les graphiques ; envoyez un tableau de bord en PNG, en PDF ou sous forme de classeur Excel.',
    'CSV- und Textberichte werden für Diagramme versendet; senden Sie ein Dashboard als PNG, PDF oder Excel-Arbeitsmappe.',
  ],
  'An Excel workbook is sent for a dashboard; send a chart as PNG, PDF, CSV or text.': [
    'Un classeur Excel concerne un tableau de bord ; envoyez un graphique en PNG, PDF, CSV ou texte.',
    'Eine Excel-Arbeitsmappe wird für ein Dashboard versendet; senden Sie ein Diagramm als PNG, PDF, CSV oder Text.',
  ],
  'An alert needs a database to run its query on.': [
    'Une alerte nécessite une base de données sur laquelle exécuter sa requête.',
    'Ein Alarm benötigt eine Datenbank, auf der seine Abfrage ausgeführt wird.',
  ],
  'An alert needs a SQL query.': ['Une alerte nécessite une requête SQL.', 'Ein Alarm benötigt eine SQL-Abfrage.'],
  'An alert needs a condition.': ['Une alerte nécessite une condition.', 'Ein Alarm benötigt eine Bedingung.'],
  'Choose a comparison operator.': ['Choisissez un opérateur de comparaison.', 'Wählen Sie einen Vergleichsoperator.'],
  'Give a threshold.': ['Indiquez un seuil.', 'Geben Sie einen Schwellenwert an.'],
  'Add at least one recipient.': ['Ajoutez au moins un destinataire.', 'Fügen Sie mindestens einen Empfänger hinzu.'],
  'Alert query returned a non-number value.': [
    'La requête de l’alerte a renvoyé une valeur non numérique.',
    'Die Alarmabfrage hat einen nicht numerischen Wert geliefert.',
  ],
  'The alert condition needs an operator and a threshold.': [
    'La condition de l’alerte nécessite un opérateur et un seuil.',
    'Die Alarmbedingung benötigt einen Operator und einen Schwellenwert.',
  ],
  'At most {0} entries.': ['Au plus {0} entrées.', 'Höchstens {0} Einträge.'],
  'Not a valid boolean.': ['Booléen non valide.', 'Kein gültiger boolescher Wert.'],
  'Must be a whole number from {0} to {1}.': ['Doit être un nombre entier de {0} à {1}.', 'Muss eine ganze Zahl von {0} bis {1} sein.'],
  'Must be one of: fail, replace, append.': [
    'Doit être l’une des valeurs suivantes : fail, replace, append.',
    'Muss einer der folgenden Werte sein: fail, replace, append.',
  ],
  'The delimiter is one character, not a quote or a line break.': [
    'Le délimiteur est un seul caractère, ni un guillemet ni un saut de ligne.',
    'Das Trennzeichen ist ein einzelnes Zeichen, weder ein Anführungszeichen noch ein Zeilenumbruch.',
  ],
  'The decimal character is one character.': [
    'Le séparateur décimal est un seul caractère.',
    'Das Dezimalzeichen ist ein einzelnes Zeichen.',
  ],
  'The decimal character cannot be the delimiter.': [
    'Le séparateur décimal ne peut pas être le délimiteur.',
    'Das Dezimalzeichen darf nicht das Trennzeichen sein.',
  ],
  'Invalid JSON format for column_data_types': [
    'Format JSON non valide pour column_data_types',
    'Ungültiges JSON-Format für column_data_types',
  ],
  'An object of column names to types.': [
    'Un objet associant des noms de colonnes à des types.',
    'Ein Objekt, das Spaltennamen Typen zuordnet.',
  ],
  'At most {0} columns.': ['Au plus {0} colonnes.', 'Höchstens {0} Spalten.'],
  'Unknown type for column "{0}": {1}.': ['Type inconnu pour la colonne « {0} » : {1}.', 'Unbekannter Typ für die Spalte „{0}“: {1}.'],
  '"{0}" is not a whole number': ['« {0} » n’est pas un nombre entier', '„{0}“ ist keine ganze Zahl'],
  '"{0}" is too large for a whole number column': [
    '« {0} » est trop grand pour une colonne de nombres entiers',
    '„{0}“ ist zu groß für eine Spalte mit ganzen Zahlen',
  ],
  '"{0}" is not a number': ['« {0} » n’est pas un nombre', '„{0}“ ist keine Zahl'],
  '"{0}" is not True or False': ['« {0} » n’est ni True ni False', '„{0}“ ist weder True noch False'],
  '"{0}" is not a date': ['« {0} » n’est pas une date', '„{0}“ ist kein Datum'],
};
