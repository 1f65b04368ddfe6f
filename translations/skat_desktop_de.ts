<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de" sourcelanguage="en">
<context>
    <name>AboutDialog</name>
    <message>
        <source>%1 (PySide6 %2)</source>
        <translation>%1 (PySide6 %2)</translation>
    </message>
    <message>
        <source>&amp;Copy details</source>
        <translation>Angaben &amp;kopieren</translation>
    </message>
    <message>
        <source>&amp;Database:</source>
        <translation>&amp;Datenbank:</translation>
    </message>
    <message>
        <source>&amp;Licence online</source>
        <translation>&amp;Lizenz im Netz</translation>
    </message>
    <message>
        <source>&amp;Settings:</source>
        <translation>&amp;Einstellungen:</translation>
    </message>
    <message>
        <source>About %1</source>
        <translation>Über %1</translation>
    </message>
    <message>
        <source>Built with:</source>
        <translation>Erstellt mit:</translation>
    </message>
    <message>
        <source>Copies the versions and the file locations, for a bug report.</source>
        <translation>Kopiert die Versionen und die Speicherorte der Dateien, für einen Fehlerbericht.</translation>
    </message>
    <message>
        <source>Credits</source>
        <translation>Mitwirkende</translation>
    </message>
    <message>
        <source>Free software under the GNU General Public License, version 3 or any later version (%1). It comes with ABSOLUTELY NO WARRANTY.</source>
        <translation>Freie Software unter der GNU General Public License, Version 3 oder jeder späteren Version (%1). Sie wird OHNE JEDE GEWÄHRLEISTUNG bereitgestellt.</translation>
    </message>
    <message>
        <source>Licence</source>
        <translation>Lizenz</translation>
    </message>
    <message>
        <source>Not open now: this is where a plain start keeps the games.</source>
        <translation>Zurzeit nicht geöffnet: Hier speichert ein normaler Start die Spiele.</translation>
    </message>
    <message>
        <source>Open &amp;folder</source>
        <translation>&amp;Ordner öffnen</translation>
    </message>
    <message>
        <source>Open f&amp;older</source>
        <translation>Ord&amp;ner öffnen</translation>
    </message>
    <message>
        <source>Play Skat against the computer or with friends on the local network, practise, and keep your club&apos;s score sheets.</source>
        <translation>Skat gegen den Computer oder mit Freunden im lokalen Netz spielen, üben und die Spiellisten des Vereins führen.</translation>
    </message>
    <message>
        <source>Show &amp;licence</source>
        <translation>&amp;Lizenz anzeigen</translation>
    </message>
    <message>
        <source>The details are on the clipboard.</source>
        <translation>Die Angaben sind in der Zwischenablage.</translation>
    </message>
    <message>
        <source>The folder %1 could not be opened.</source>
        <translation>Der Ordner %1 konnte nicht geöffnet werden.</translation>
    </message>
    <message>
        <source>The licence is at %1.</source>
        <translation>Die Lizenz steht unter %1.</translation>
    </message>
    <message>
        <source>Version %1</source>
        <translation>Version %1</translation>
    </message>
    <message>
        <source>Waiting for another program to release it.</source>
        <translation>Wartet, bis ein anderes Programm sie freigibt.</translation>
    </message>
    <message>
        <source>Where your data is kept</source>
        <translation>Wo Ihre Daten liegen</translation>
    </message>
    <message>
        <source>Written by the skat-desktop developers.</source>
        <translation>Geschrieben von den Entwicklern von skat-desktop.</translation>
    </message>
    <message>
        <source>in memory: nothing is kept</source>
        <translation>im Arbeitsspeicher: nichts wird gespeichert</translation>
    </message>
    <message>
        <source>not installed</source>
        <translation>nicht installiert</translation>
    </message>
</context>
<context>
    <name>App</name>
    <message>
        <source>Skat</source>
        <translation>Skat</translation>
    </message>
</context>
<context>
    <name>AuditDialog</name>
    <message>
        <source>Audit trail</source>
        <translation>Änderungsprotokoll</translation>
    </message>
</context>
<context>
    <name>AuditModel</name>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>After</source>
        <translation>Nachher</translation>
    </message>
    <message>
        <source>Before</source>
        <translation>Vorher</translation>
    </message>
    <message>
        <source>By</source>
        <translation>Von</translation>
    </message>
    <message>
        <source>Corrected</source>
        <translation>Berichtigt</translation>
    </message>
    <message>
        <source>Deal</source>
        <translation>Spiel</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Grund</translation>
    </message>
    <message>
        <source>Reopened</source>
        <translation>Wieder geöffnet</translation>
    </message>
    <message>
        <source>Signed and closed</source>
        <translation>Unterschrieben und abgeschlossen</translation>
    </message>
    <message>
        <source>What</source>
        <translation>Was</translation>
    </message>
    <message>
        <source>When</source>
        <translation>Zeitpunkt</translation>
    </message>
    <message>
        <source>bid %1</source>
        <translation>gereizt %1</translation>
    </message>
    <message>
        <source>cannot be scored: %1</source>
        <translation>nicht wertbar: %1</translation>
    </message>
    <message>
        <source>lost</source>
        <translation>verloren</translation>
    </message>
    <message>
        <source>won</source>
        <translation>gewonnen</translation>
    </message>
</context>
<context>
    <name>AuditView</name>
    <message>
        <source>Audit trail</source>
        <translation>Änderungsprotokoll</translation>
    </message>
    <message>
        <source>Audit trail of %1, %2 — %3</source>
        <translation>Änderungsprotokoll: %1, %2 — %3</translation>
    </message>
    <message>
        <source>No corrections and no signatures yet.</source>
        <translation>Noch keine Berichtigungen und keine Unterschriften.</translation>
    </message>
    <message>
        <source>The audit trail cannot be read: %1</source>
        <translation>Das Änderungsprotokoll kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>closed (signed)</source>
        <translation>abgeschlossen (unterschrieben)</translation>
    </message>
    <message>
        <source>open</source>
        <translation>offen</translation>
    </message>
</context>
<context>
    <name>BiddingPanel</name>
    <message>
        <source>%1 bids %2</source>
        <translation>%1 reizt %2</translation>
    </message>
    <message>
        <source>&amp;Bid</source>
        <translation>&amp;Reizen</translation>
    </message>
    <message>
        <source>&amp;Pass</source>
        <translation>&amp;Passe</translation>
    </message>
    <message>
        <source>&amp;Yes</source>
        <translation>&amp;Ja</translation>
    </message>
    <message>
        <source>&amp;Yes, %1</source>
        <translation>&amp;Ja, %1</translation>
    </message>
    <message>
        <source>Bid to %1</source>
        <translation>Reizen gegen %1</translation>
    </message>
    <message>
        <source>Both others passed</source>
        <translation>Beide anderen haben gepasst</translation>
    </message>
    <message>
        <source>Choose a value (higher values are jump bids) or pass.</source>
        <translation>Wählen Sie einen Reizwert (höhere Werte sind Sprungreizungen) oder passen Sie.</translation>
    </message>
    <message>
        <source>Hold the bid (say yes) or pass.</source>
        <translation>Halten Sie (sagen Sie Ja) oder passen Sie.</translation>
    </message>
    <message>
        <source>P&amp;lay %1</source>
        <translation>%1 spie&amp;len</translation>
    </message>
    <message>
        <source>Play at %1, or pass the deal in?</source>
        <translation>Für %1 spielen oder das Spiel einpassen?</translation>
    </message>
    <message>
        <source>The bid stands at %1. Bid higher or pass.</source>
        <translation>Gereizt ist bis %1. Reizen Sie höher oder passen Sie.</translation>
    </message>
    <message>
        <source>Value:</source>
        <translation>Wert:</translation>
    </message>
    <message>
        <source>Your bid to %1</source>
        <translation>Sie reizen gegen %1</translation>
    </message>
</context>
<context>
    <name>ClubAdmin</name>
    <message>
        <source>No statistics: %1</source>
        <translation>Keine Statistik: %1</translation>
    </message>
    <message>
        <source>Not changed: %1</source>
        <translation>Nicht geändert: %1</translation>
    </message>
    <message>
        <source>Statistics</source>
        <translation>Statistik</translation>
    </message>
    <message>
        <source>The database can only be viewed: nothing was changed.</source>
        <translation>Die Datenbank kann nur angesehen werden: Nichts wurde geändert.</translation>
    </message>
    <message>
        <source>The database cannot be read: %1</source>
        <translation>Die Datenbank kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>The database is busy (another program is writing to it): nothing was changed; try again in a moment.</source>
        <translation>Die Datenbank ist belegt (ein anderes Programm schreibt gerade): Nichts wurde geändert; bitte gleich noch einmal versuchen.</translation>
    </message>
    <message>
        <source>The database is open for viewing only.</source>
        <translation>Die Datenbank ist nur zum Ansehen geöffnet.</translation>
    </message>
</context>
<context>
    <name>ClubFiles</name>
    <message>
        <source>Back up the database</source>
        <translation>Datenbank sichern</translation>
    </message>
    <message>
        <source>Backup written to %1.</source>
        <translation>Sicherung nach %1 geschrieben.</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <source>Cancelled: nothing was imported.</source>
        <translation>Abgebrochen: Nichts wurde importiert.</translation>
    </message>
    <message>
        <source>Cancelled: nothing was written.</source>
        <translation>Abgebrochen: Nichts wurde geschrieben.</translation>
    </message>
    <message>
        <source>Export series</source>
        <translation>Serien exportieren</translation>
    </message>
    <message>
        <source>Export the ranking</source>
        <translation>Wertung exportieren</translation>
    </message>
    <message>
        <source>Export the score sheet</source>
        <translation>Spielliste exportieren</translation>
    </message>
    <message>
        <source>Exported %1 series to %2.</source>
        <translation>%1 Serie(n) nach %2 exportiert.</translation>
    </message>
    <message>
        <source>Exporting the ranking…</source>
        <translation>Die Wertung wird exportiert…</translation>
    </message>
    <message>
        <source>Exporting the score sheet…</source>
        <translation>Die Spielliste wird exportiert…</translation>
    </message>
    <message>
        <source>Exporting the series…</source>
        <translation>Die Serien werden exportiert…</translation>
    </message>
    <message>
        <source>Import series</source>
        <translation>Serien importieren</translation>
    </message>
    <message>
        <source>Imported %1 series from %2.</source>
        <translation>%1 Serie(n) aus %2 importiert.</translation>
    </message>
    <message>
        <source>Importing the series…</source>
        <translation>Die Serien werden importiert…</translation>
    </message>
    <message>
        <source>No backup written: %1</source>
        <translation>Keine Sicherung geschrieben: %1</translation>
    </message>
    <message>
        <source>Not exported: %1</source>
        <translation>Nicht exportiert: %1</translation>
    </message>
    <message>
        <source>Not imported, nothing was changed: %1</source>
        <translation>Nicht importiert, nichts wurde geändert: %1</translation>
    </message>
    <message>
        <source>Not restored: %1</source>
        <translation>Nicht zurückgespielt: %1</translation>
    </message>
    <message>
        <source>Ranking written to %1.</source>
        <translation>Wertung nach %1 geschrieben.</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>%1 wird gelesen…</translation>
    </message>
    <message>
        <source>Replace the whole database %1 with the backup %2?

Everything entered since the backup was made is replaced. The present content is kept beside the database as %3 (or a name like it).</source>
        <translation>Die ganze Datenbank %1 durch die Sicherung %2 ersetzen?

Alles, was seit der Sicherung eingetragen wurde, wird ersetzt. Der jetzige Inhalt wird neben der Datenbank als %3 (oder unter einem ähnlichen Namen) aufbewahrt.</translation>
    </message>
    <message>
        <source>Restore a backup</source>
        <translation>Sicherung zurückspielen</translation>
    </message>
    <message>
        <source>Restored %1.</source>
        <translation>%1 zurückgespielt.</translation>
    </message>
    <message>
        <source>Restored %1; the previous content is kept as %2.</source>
        <translation>%1 zurückgespielt; der vorige Inhalt ist als %2 aufbewahrt.</translation>
    </message>
    <message>
        <source>Restoring the backup…</source>
        <translation>Die Sicherung wird zurückgespielt…</translation>
    </message>
    <message>
        <source>Score sheet %1</source>
        <translation>Spielliste %1</translation>
    </message>
    <message>
        <source>Score sheet written to %1.</source>
        <translation>Spielliste nach %1 geschrieben.</translation>
    </message>
    <message>
        <source>Season ranking</source>
        <translation>Jahreswertung</translation>
    </message>
    <message>
        <source>Series export (*.json)</source>
        <translation>Serien-Export (*.json)</translation>
    </message>
    <message>
        <source>Series export (*.json);;All (*)</source>
        <translation>Serien-Export (*.json);;Alle (*)</translation>
    </message>
    <message>
        <source>Skat database (*.sqlite3 *.db)</source>
        <translation>Skat-Datenbank (*.sqlite3 *.db)</translation>
    </message>
    <message>
        <source>Skat database (*.sqlite3 *.db);;All (*)</source>
        <translation>Skat-Datenbank (*.sqlite3 *.db);;Alle (*)</translation>
    </message>
    <message>
        <source>Skat series</source>
        <translation>Skatserien</translation>
    </message>
    <message>
        <source>Writing the backup…</source>
        <translation>Die Sicherung wird geschrieben…</translation>
    </message>
    <message>
        <source>backup</source>
        <translation>Sicherung</translation>
    </message>
    <message>
        <source>the database is still in use here.</source>
        <translation>Die Datenbank wird hier noch benutzt.</translation>
    </message>
    <message>
        <source>there is no database file to back up.</source>
        <translation>Es gibt keine Datenbankdatei zum Sichern.</translation>
    </message>
    <message>
        <source>there is no database file to restore into.</source>
        <translation>Es gibt keine Datenbankdatei, in die zurückgespielt werden kann.</translation>
    </message>
</context>
<context>
    <name>ClubMenu</name>
    <message>
        <source>&amp;Back up the database…</source>
        <translation>&amp;Datenbank sichern…</translation>
    </message>
    <message>
        <source>&amp;Club</source>
        <translation>&amp;Verein</translation>
    </message>
    <message>
        <source>&amp;Correct a game…</source>
        <translation>Spiel &amp;berichtigen…</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>&amp;Exportieren…</translation>
    </message>
    <message>
        <source>&amp;Import…</source>
        <translation>&amp;Importieren…</translation>
    </message>
    <message>
        <source>&amp;New club evening…</source>
        <translation>&amp;Neuer Vereinsabend…</translation>
    </message>
    <message>
        <source>&amp;Players…</source>
        <translation>S&amp;pieler…</translation>
    </message>
    <message>
        <source>&amp;Score sheets…</source>
        <translation>&amp;Spiellisten…</translation>
    </message>
    <message>
        <source>Club desk</source>
        <translation>Vereinsbuch</translation>
    </message>
    <message>
        <source>Deal %1 of “%2” is typed in the club desk but not stored.

Close the program and lose it?</source>
        <translation>Spiel %1 von „%2“ ist im Vereinsbuch eingetippt, aber nicht gespeichert.

Programm schließen und es verwerfen?</translation>
    </message>
    <message>
        <source>Finish or leave the series at the table before a restore.</source>
        <translation>Beenden oder verlassen Sie die Serie am Tisch vor dem Wiederherstellen.</translation>
    </message>
    <message>
        <source>Res&amp;tore a backup…</source>
        <translation>Sicherung wieder&amp;herstellen…</translation>
    </message>
    <message>
        <source>Season &amp;ranking…</source>
        <translation>Saison&amp;wertung…</translation>
    </message>
    <message>
        <source>The database is not open for writing: nothing can be entered.</source>
        <translation>Die Datenbank ist nicht zum Schreiben geöffnet: Es kann nichts eingetragen werden.</translation>
    </message>
    <message>
        <source>the database file was replaced: start the program again</source>
        <translation>die Datenbankdatei wurde ersetzt: starten Sie das Programm neu</translation>
    </message>
</context>
<context>
    <name>ClubPrint</name>
    <message>
        <source>%1 ct a point</source>
        <translation>%1 ct pro Punkt</translation>
    </message>
    <message>
        <source>%1 sent to the printer.</source>
        <translation>%1 an den Drucker geschickt.</translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation>%1 bis %2</translation>
    </message>
    <message>
        <source>&amp;Print the ranking…</source>
        <translation>Wertung &amp;drucken…</translation>
    </message>
    <message>
        <source>&amp;Print…</source>
        <translation>&amp;Drucken…</translation>
    </message>
    <message>
        <source>(the dealer sits out)</source>
        <translation>(der Geber setzt aus)</translation>
    </message>
    <message>
        <source>B Bock round</source>
        <translation>B Bockrunde</translation>
    </message>
    <message>
        <source>Bid</source>
        <translation>Reizwert</translation>
    </message>
    <message>
        <source>Cancelled: nothing was printed or saved.</source>
        <translation>Abgebrochen: Nichts wurde gedruckt oder gespeichert.</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>Datum</translation>
    </message>
    <message>
        <source>Deal %1 cannot be scored (%2): it counts 0, and the totals, the evaluation and the places are provisional.</source>
        <translation>Spiel %1 kann nicht gewertet werden (%2): Es zählt 0, Summen, Abrechnung und Plätze sind vorläufig.</translation>
    </message>
    <message>
        <source>Deals</source>
        <translation>Spiele</translation>
    </message>
    <message>
        <source>Each table is rated on its own by %1; the ratings are summed per player. Equal totals: more games won first, then fewer lost.</source>
        <translation>Jeder Tisch wird für sich nach %1 gewertet, die Wertungen werden je Spieler addiert. Bei Gleichstand: mehr gewonnene Spiele zuerst, dann weniger verlorene.</translation>
    </message>
    <message>
        <source>Evaluation</source>
        <translation>Abrechnung</translation>
    </message>
    <message>
        <source>Export as &amp;CSV…</source>
        <translation>Als &amp;CSV exportieren…</translation>
    </message>
    <message>
        <source>Games lost × %1</source>
        <translation>Verlorene Spiele × %1</translation>
    </message>
    <message>
        <source>Games the others lost × %1</source>
        <translation>Verlorene Spiele der anderen × %1</translation>
    </message>
    <message>
        <source>Games won × %1</source>
        <translation>Gewonnene Spiele × %1</translation>
    </message>
    <message>
        <source>K Kontra, Re Re</source>
        <translation>K Kontra, Re Re</translation>
    </message>
    <message>
        <source>No deal has been entered yet.</source>
        <translation>Es ist noch kein Spiel eingetragen.</translation>
    </message>
    <message>
        <source>No series with deals in this season.</source>
        <translation>Keine Serie mit Spielen in dieser Saison.</translation>
    </message>
    <message>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <source>Page %1 of %2</source>
        <translation>Seite %1 von %2</translation>
    </message>
    <message>
        <source>Place</source>
        <translation>Ort</translation>
    </message>
    <message>
        <source>Print %1</source>
        <translation>%1 drucken</translation>
    </message>
    <message>
        <source>Print pre&amp;view…</source>
        <translation>Druck&amp;vorschau…</translation>
    </message>
    <message>
        <source>Print preview: %1</source>
        <translation>Druckvorschau: %1</translation>
    </message>
    <message>
        <source>Print the ranking</source>
        <translation>Wertung drucken</translation>
    </message>
    <message>
        <source>Print the score sheet</source>
        <translation>Spielliste drucken</translation>
    </message>
    <message>
        <source>Printed</source>
        <translation>Gedruckt</translation>
    </message>
    <message>
        <source>R Ramsch round</source>
        <translation>R Ramschrunde</translation>
    </message>
    <message>
        <source>Ranked by</source>
        <translation>Gewertet nach</translation>
    </message>
    <message>
        <source>Reading the ranking…</source>
        <translation>Die Wertung wird gelesen…</translation>
    </message>
    <message>
        <source>Reading the score sheet…</source>
        <translation>Die Spielliste wird gelesen…</translation>
    </message>
    <message>
        <source>Rules</source>
        <translation>Regeln</translation>
    </message>
    <message>
        <source>Save as P&amp;DF…</source>
        <translation>Als P&amp;DF speichern…</translation>
    </message>
    <message>
        <source>Save as PDF</source>
        <translation>Als PDF speichern</translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <translation>%1 gespeichert.</translation>
    </message>
    <message>
        <source>Score sheet</source>
        <translation>Spielliste</translation>
    </message>
    <message>
        <source>Season ranking</source>
        <translation>Jahreswertung</translation>
    </message>
    <message>
        <source>Signed:</source>
        <translation>Unterschriften:</translation>
    </message>
    <message>
        <source>Stake</source>
        <translation>Einsatz</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Stand</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>Tisch</translation>
    </message>
    <message>
        <source>The page is too small to print on.</source>
        <translation>Die Seite ist zu klein zum Drucken.</translation>
    </message>
    <message>
        <source>The printer could not be started.</source>
        <translation>Der Drucker konnte nicht gestartet werden.</translation>
    </message>
    <message>
        <source>The printer could not start a new page.</source>
        <translation>Der Drucker konnte keine neue Seite beginnen.</translation>
    </message>
    <message>
        <source>The ranking was not printed: %1</source>
        <translation>Die Wertung wurde nicht gedruckt: %1</translation>
    </message>
    <message>
        <source>The score sheet was not printed: %1</source>
        <translation>Die Spielliste wurde nicht gedruckt: %1</translation>
    </message>
    <message>
        <source>all dates</source>
        <translation>alle Tage</translation>
    </message>
    <message>
        <source>all rule profiles</source>
        <translation>alle Regelwerke</translation>
    </message>
    <message>
        <source>closed</source>
        <translation>abgeschlossen</translation>
    </message>
    <message>
        <source>closed, signed by %1 on %2 at %3</source>
        <translation>abgeschlossen, unterschrieben von %1 am %2 um %3</translation>
    </message>
    <message>
        <source>from %1</source>
        <translation>ab %1</translation>
    </message>
    <message>
        <source>open (not signed yet)</source>
        <translation>offen (noch nicht unterschrieben)</translation>
    </message>
    <message>
        <source>until %1</source>
        <translation>bis %1</translation>
    </message>
    <message>
        <source>Ü overbid</source>
        <translation>Ü überreizt</translation>
    </message>
    <message>
        <source>✎ corrected</source>
        <translation>✎ berichtigt</translation>
    </message>
</context>
<context>
    <name>ClubWindow</name>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Club desk</source>
        <translation>Vereinsbuch</translation>
    </message>
    <message>
        <source>Deal %1 of “%2” is typed but not stored.

Open another series and lose it?</source>
        <translation>Spiel %1 von „%2“ ist eingetippt, aber nicht gespeichert.

Möchten Sie eine andere Spielliste öffnen und es verwerfen?</translation>
    </message>
    <message>
        <source>Open for viewing only: nothing can be entered or changed here.</source>
        <translation>Nur zum Ansehen geöffnet: Hier kann nichts eingetragen oder geändert werden.</translation>
    </message>
    <message>
        <source>Read again</source>
        <translation>Neu einlesen</translation>
    </message>
    <message>
        <source>Score sheets</source>
        <translation>Spiellisten</translation>
    </message>
    <message>
        <source>Skat club</source>
        <translation>Skatclub</translation>
    </message>
    <message>
        <source>Skat club — %1</source>
        <translation>Skatclub — %1</translation>
    </message>
    <message>
        <source>There is no database to show.</source>
        <translation>Es gibt keine Datenbank zum Anzeigen.</translation>
    </message>
</context>
<context>
    <name>ColourSafeToggle</name>
    <message>
        <source>Colour-&amp;blind-safe colours</source>
        <translation>Farbenblind-sichere Farbe&amp;n</translation>
    </message>
    <message>
        <source>Colour-blind-safe colours</source>
        <translation>Farbenblind-sichere Farben</translation>
    </message>
    <message>
        <source>Four suit colours that players with red-green or blue-yellow colour blindness can tell apart. Click again for the deck you had before.</source>
        <translation>Kreuz, Pik, Herz und Karo in vier Tönen, die auch bei Rot-Grün- oder Blau-Gelb-Sehschwäche zu unterscheiden sind. Ein weiterer Klick bringt das vorige Kartenbild zurück.</translation>
    </message>
</context>
<context>
    <name>ConsentPanel</name>
    <message>
        <source>%1 wants to give up the game. Agree?</source>
        <translation>%1 möchte das Spiel aufgeben. Zustimmen?</translation>
    </message>
    <message>
        <source>&amp;Agree</source>
        <translation>&amp;Zustimmen</translation>
    </message>
    <message>
        <source>&amp;Play on</source>
        <translation>&amp;Weiterspielen</translation>
    </message>
    <message>
        <source>The game ends now and %1 loses it.</source>
        <translation>Das Spiel endet jetzt, und %1 verliert es.</translation>
    </message>
</context>
<context>
    <name>ContinueOffer</name>
    <message>
        <source>&amp;Continue</source>
        <translation>&amp;Fortsetzen</translation>
    </message>
    <message>
        <source>&amp;Forget them</source>
        <translation>&amp;Vergessen</translation>
    </message>
    <message>
        <source>&amp;Later</source>
        <translation>&amp;Später</translation>
    </message>
    <message>
        <source>&amp;New game…</source>
        <translation>&amp;Neues Spiel…</translation>
    </message>
    <message>
        <source>A series saved for later cannot be continued.</source>
        <translation>Eine für später gespeicherte Serie kann nicht fortgesetzt werden.</translation>
    </message>
    <message>
        <source>Cannot be continued:</source>
        <translation>Nicht fortzusetzen:</translation>
    </message>
    <message>
        <source>Continue a series?</source>
        <translation>Eine Serie fortsetzen?</translation>
    </message>
    <message>
        <source>Continue one of these series?</source>
        <translation>Eine dieser Serien fortsetzen?</translation>
    </message>
    <message>
        <source>Continue the series “%1”?</source>
        <translation>Die Serie „%1“ fortsetzen?</translation>
    </message>
    <message>
        <source>New game: the saved table is forgotten; its finished deals stay on the score sheet. Later: it is offered again at the next start.</source>
        <translation>Neues Spiel: Der gespeicherte Tisch wird vergessen; seine beendeten Spiele bleiben auf der Spielliste. Später: Er wird beim nächsten Start wieder angeboten.</translation>
    </message>
    <message>
        <source>Their finished deals stay on the score sheet either way.</source>
        <translation>Ihre beendeten Spiele bleiben in jedem Fall auf der Spielliste.</translation>
    </message>
    <message>
        <source>“%1”</source>
        <translation>„%1“</translation>
    </message>
</context>
<context>
    <name>CorrectionDialog</name>
    <message>
        <source>Correct deal %1</source>
        <translation>Spiel %1 berichtigen</translation>
    </message>
</context>
<context>
    <name>DealListModel</name>
    <message>
        <source>#</source>
        <translation>Nr.</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>Datum</translation>
    </message>
    <message>
        <source>Declarer</source>
        <translation>Alleinspieler</translation>
    </message>
    <message>
        <source>Entered from a score sheet: there are no cards to replay</source>
        <translation>Von einer Spielliste übernommen: keine Karten zum Nachspielen</translation>
    </message>
    <message>
        <source>Game</source>
        <translation>Spiel</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>Punkte</translation>
    </message>
    <message>
        <source>lost</source>
        <translation>verloren</translation>
    </message>
    <message>
        <source>won</source>
        <translation>gewonnen</translation>
    </message>
</context>
<context>
    <name>DealOverPanel</name>
    <message>
        <source>%1 loses %2</source>
        <translation>%1 verliert %2</translation>
    </message>
    <message>
        <source>%1 wins %2</source>
        <translation>%1 gewinnt %2</translation>
    </message>
    <message>
        <source>&amp;Final scores</source>
        <translation>&amp;Endstand</translation>
    </message>
    <message>
        <source>&amp;Next deal</source>
        <translation>&amp;Nächstes Spiel</translation>
    </message>
    <message>
        <source>&amp;Replay this deal…</source>
        <translation>Spiel &amp;wiederholen…</translation>
    </message>
    <message>
        <source>A column for each trick, in the order played; the underlined card took it.</source>
        <translation>Eine Spalte je Stich, in der gespielten Reihenfolge; die unterstrichene Karte hat ihn gemacht.</translation>
    </message>
    <message>
        <source>A replay is not on the score sheet.</source>
        <translation>Eine Wiederholung kommt nicht auf die Spielliste.</translation>
    </message>
    <message>
        <source>Card points</source>
        <translation>Augen</translation>
    </message>
    <message>
        <source>Everyone passed: the deal is not scored</source>
        <translation>Alle haben gepasst: Das Spiel wird nicht gewertet</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>Spieler</translation>
    </message>
    <message>
        <source>Put down</source>
        <translation>Gedrückt</translation>
    </message>
    <message>
        <source>Ramsch: %1 loses</source>
        <translation>Ramsch: %1 verliert</translation>
    </message>
    <message>
        <source>Ramsch: %1 wins</source>
        <translation>Ramsch: %1 gewinnt</translation>
    </message>
    <message>
        <source>Scoring</source>
        <translation>Abrechnung</translation>
    </message>
    <message>
        <source>Skat</source>
        <translation>Skat</translation>
    </message>
    <message>
        <source>This deal</source>
        <translation>Dieses Spiel</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Summe</translation>
    </message>
    <message>
        <source>Tricks</source>
        <translation>Stiche</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>with %1 points</source>
        <translation>mit %1 Augen</translation>
    </message>
</context>
<context>
    <name>Deck</name>
    <message>
        <source>%1 (AisleRiot)</source>
        <translation>%1 (AisleRiot)</translation>
    </message>
    <message>
        <source>%1 (KDE)</source>
        <translation>%1 (KDE)</translation>
    </message>
    <message>
        <source>Colour-blind safe (four colours)</source>
        <translation>Farbenblind-sicher (vier Farben)</translation>
    </message>
    <message>
        <source>French</source>
        <translation>Französisch</translation>
    </message>
    <message>
        <source>German</source>
        <translation>Deutsch</translation>
    </message>
    <message>
        <source>Tournament (four colours)</source>
        <translation>Turnierbild (vier Farben)</translation>
    </message>
</context>
<context>
    <name>DeckPicker</name>
    <message>
        <source>Card deck</source>
        <translation>Kartenblatt</translation>
    </message>
    <message>
        <source>Card decks</source>
        <translation>Kartenblätter</translation>
    </message>
    <message>
        <source>Choose the cards you want to play with.</source>
        <translation>Wählen Sie die Karten, mit denen Sie spielen möchten.</translation>
    </message>
</context>
<context>
    <name>DeclarePanel</name>
    <message>
        <source>%1 is worth %2</source>
        <translation>%1 ist %2 wert</translation>
    </message>
    <message>
        <source>&amp;Declare</source>
        <translation>Ansag&amp;en</translation>
    </message>
    <message>
        <source>&amp;Null</source>
        <translation>&amp;Null</translation>
    </message>
    <message>
        <source>&amp;Ouvert</source>
        <translation>O&amp;uvert</translation>
    </message>
    <message>
        <source>(the skat may still change your matadors)</source>
        <translation>(der Skat kann Ihre Spitzen noch ändern)</translation>
    </message>
    <message>
        <source>Bac&amp;k</source>
        <translation>Zurü&amp;ck</translation>
    </message>
    <message>
        <source>Declare your game</source>
        <translation>Sagen Sie Ihr Spiel an</translation>
    </message>
    <message>
        <source>Everyone passed: play Grand Hand, or Ramsch?</source>
        <translation>Alle haben gepasst: Grand Hand spielen oder Ramsch?</translation>
    </message>
    <message>
        <source>G&amp;rand</source>
        <translation>&amp;Grand</translation>
    </message>
    <message>
        <source>Not allowed.</source>
        <translation>Nicht erlaubt.</translation>
    </message>
    <message>
        <source>Ra&amp;msch</source>
        <translation>&amp;Ramsch</translation>
    </message>
    <message>
        <source>Sch&amp;warz announced</source>
        <translation>Sch&amp;warz angesagt</translation>
    </message>
    <message>
        <source>Schneider &amp;announced</source>
        <translation>Schnei&amp;der angesagt</translation>
    </message>
    <message>
        <source>enough for your bid of %1</source>
        <translation>genug für Ihren Reizwert %1</translation>
    </message>
    <message>
        <source>less than your bid of %1: you lose as overbid</source>
        <translation>weniger als Ihr Reizwert %1: Sie verlieren überreizt</translation>
    </message>
</context>
<context>
    <name>DiscardPanel</name>
    <message>
        <source>&amp;Pass on</source>
        <translation>&amp;Weitergeben</translation>
    </message>
    <message>
        <source>&amp;Put down</source>
        <translation>&amp;Drücken</translation>
    </message>
    <message>
        <source>&amp;Take back</source>
        <translation>&amp;Zurücknehmen</translation>
    </message>
    <message>
        <source>Chosen: %1 (%2 points)</source>
        <translation>Gewählt: %1 (%2 Augen)</translation>
    </message>
    <message>
        <source>Click two cards (no jacks) or drag them to the middle; they go to the next player.</source>
        <translation>Klicken Sie zwei Karten an (keine Buben) oder ziehen Sie sie in die Mitte; sie gehen an den nächsten Spieler.</translation>
    </message>
    <message>
        <source>Click two cards or drag them to the middle. Their points count for you.</source>
        <translation>Klicken Sie zwei Karten an oder ziehen Sie sie in die Mitte. Ihre Augen zählen für Sie.</translation>
    </message>
    <message>
        <source>Nothing chosen yet.</source>
        <translation>Noch nichts gewählt.</translation>
    </message>
    <message>
        <source>Pass two cards on</source>
        <translation>Zwei Karten weitergeben</translation>
    </message>
    <message>
        <source>Put two cards into the skat</source>
        <translation>Zwei Karten drücken</translation>
    </message>
</context>
<context>
    <name>EntryRefusal</name>
    <message>
        <source>%1 card points do not fit the result entered</source>
        <translation>%1 Augen passen nicht zum eingetragenen Ergebnis</translation>
    </message>
    <message>
        <source>%1 has 1 to %2 matadors, not %3</source>
        <translation>%1 hat 1 bis %2 Spitzen, nicht %3</translation>
    </message>
    <message>
        <source>%1 has no Bock rounds</source>
        <translation>%1 kennt keine Bockrunden</translation>
    </message>
    <message>
        <source>%1 is not a game value one can bid under %2</source>
        <translation>%1 ist kein Spielwert, den man nach %2 reizen kann</translation>
    </message>
    <message>
        <source>%1 must be a whole number</source>
        <translation>%1 muss eine ganze Zahl sein</translation>
    </message>
    <message>
        <source>%1 must be true or false</source>
        <translation>%1 muss wahr oder falsch sein</translation>
    </message>
    <message>
        <source>%1 plays no Ramsch</source>
        <translation>nach %1 wird kein Ramsch gespielt</translation>
    </message>
    <message>
        <source>%1 with these matadors and levels stays below the bid %2: it is lost as overbid</source>
        <translation>%1 bleibt mit diesen Spitzen und Gewinnstufen unter dem Reizwert %2: Es ist als überreizt verloren</translation>
    </message>
    <message>
        <source>Kontra level %1 is not allowed under %2</source>
        <translation>Kontra-Stufe %1 ist nach %2 nicht erlaubt</translation>
    </message>
    <message>
        <source>Null worth %1 is below the bid %2: name the game it is charged as</source>
        <translation>Null zu %1 liegt unter dem Reizwert %2: Geben Sie das Spiel an, als das es berechnet wird</translation>
    </message>
    <message>
        <source>Ramsch is not a game a declarer can name</source>
        <translation>Ramsch ist kein Spiel, das ein Alleinspieler ansagen kann</translation>
    </message>
    <message>
        <source>Schneider or Schwarz cannot be announced in a Null game</source>
        <translation>in einem Nullspiel kann weder Schneider noch Schwarz angesagt werden</translation>
    </message>
    <message>
        <source>Schneider or Schwarz may only be announced in a Hand game under %1</source>
        <translation>Schneider oder Schwarz darf nach %1 nur in einem Handspiel angesagt werden</translation>
    </message>
    <message>
        <source>a Hand game cannot be declared after picking up the skat</source>
        <translation>nach dem Aufnehmen des Skats kann kein Handspiel angesagt werden</translation>
    </message>
    <message>
        <source>a Null below the bid is charged as a suit or Grand game</source>
        <translation>ein Null unter dem Reizwert wird als Farb- oder Grandspiel berechnet</translation>
    </message>
    <message>
        <source>a Null game has no Schneider or Schwarz</source>
        <translation>ein Nullspiel kennt weder Schneider noch Schwarz</translation>
    </message>
    <message>
        <source>a Null game has no card points</source>
        <translation>ein Nullspiel hat keine Augen</translation>
    </message>
    <message>
        <source>a Null worth %1 cannot win a bid of %2</source>
        <translation>ein Null zu %1 kann bei einem Reizwert von %2 nicht gewonnen sein</translation>
    </message>
    <message>
        <source>a Ramsch entry needs points and tricks for %1 seats</source>
        <translation>ein Ramsch-Eintrag braucht Augen und Stiche für %1 Plätze</translation>
    </message>
    <message>
        <source>a Schwarz game won gives the declarer all 120 card points, not %1</source>
        <translation>ein gewonnenes Schwarz-Spiel gibt dem Alleinspieler alle 120 Augen, nicht %1</translation>
    </message>
    <message>
        <source>a game is won with at least 61 card points, not %1</source>
        <translation>ein Spiel ist mit mindestens 61 Augen gewonnen, nicht mit %1</translation>
    </message>
    <message>
        <source>a player without a trick has no card points</source>
        <translation>ein Spieler ohne Stich hat keine Augen</translation>
    </message>
    <message>
        <source>an announced Schneider that was not reached cannot be won</source>
        <translation>ein angesagter Schneider, der nicht erreicht wurde, kann nicht gewonnen sein</translation>
    </message>
    <message>
        <source>an announced Schwarz (or ouvert) game needs every trick</source>
        <translation>ein Spiel mit angesagtem Schwarz (oder ouvert) braucht alle Stiche</translation>
    </message>
    <message>
        <source>an entry must be an object</source>
        <translation>ein Eintrag muss ein Objekt sein</translation>
    </message>
    <message>
        <source>an entry&apos;s kind is game, ramsch or passed_in</source>
        <translation>die Art eines Eintrags ist game, ramsch oder passed_in</translation>
    </message>
    <message>
        <source>at most three players can push the skat</source>
        <translation>höchstens drei Spieler können den Skat schieben</translation>
    </message>
    <message>
        <source>card points and tricks must be whole numbers (%1)</source>
        <translation>Augen und Stiche müssen ganze Zahlen sein (%1)</translation>
    </message>
    <message>
        <source>card points from the tricks plus the skat must add up to 120</source>
        <translation>die Augen aus den Stichen und dem Skat müssen zusammen 120 ergeben</translation>
    </message>
    <message>
        <source>declarer_points must be 0 to 120</source>
        <translation>declarer_points muss zwischen 0 und 120 liegen</translation>
    </message>
    <message>
        <source>its dealer seat %1 is not at the table</source>
        <translation>sein Geberplatz %1 ist nicht am Tisch</translation>
    </message>
    <message>
        <source>later_trick must be a list of seats</source>
        <translation>later_trick muss eine Liste von Plätzen sein</translation>
    </message>
    <message>
        <source>ouvert suit and Grand games must be Hand games under %1</source>
        <translation>Farb- und Grandspiele ouvert müssen nach %1 Handspiele sein</translation>
    </message>
    <message>
        <source>overbid must be true, false or null</source>
        <translation>overbid muss true, false oder null sein</translation>
    </message>
    <message>
        <source>pushing the skat belongs to Schieberamsch</source>
        <translation>das Schieben des Skats gibt es nur beim Schieberamsch</translation>
    </message>
    <message>
        <source>seat %1 does not play this deal (the dealer sits out)</source>
        <translation>Platz %1 spielt dieses Spiel nicht mit (der Geber setzt aus)</translation>
    </message>
    <message>
        <source>the dealer sitting out takes no tricks</source>
        <translation>der aussetzende Geber macht keine Stiche</translation>
    </message>
    <message>
        <source>the declared game cannot be read (%1)</source>
        <translation>das angesagte Spiel ist nicht lesbar (%1)</translation>
    </message>
    <message>
        <source>the entry says overbid, but the game covers the bid</source>
        <translation>der Eintrag sagt überreizt, aber das Spiel erreicht den Reizwert</translation>
    </message>
    <message>
        <source>the game is overbid: its value does not reach the bid %1</source>
        <translation>das Spiel ist überreizt: Sein Wert erreicht den Reizwert %1 nicht</translation>
    </message>
    <message>
        <source>the player who took the last trick must have a trick</source>
        <translation>wer den letzten Stich bekam, muss mindestens einen Stich haben</translation>
    </message>
    <message>
        <source>the skat holds 0 to 21 card points</source>
        <translation>im Skat liegen 0 bis 21 Augen</translation>
    </message>
    <message>
        <source>the three players&apos; tricks must add up to 10</source>
        <translation>die Stiche der drei Spieler müssen zusammen 10 ergeben</translation>
    </message>
    <message>
        <source>under %1 an all-pass deal is played as Ramsch</source>
        <translation>nach %1 wird nach allseitigem Passen Ramsch gespielt</translation>
    </message>
    <message>
        <source>unknown game %1 in lose_as</source>
        <translation>unbekanntes Spiel %1 in lose_as</translation>
    </message>
    <message>
        <source>with %1 card points neither side is Schneider</source>
        <translation>mit %1 Augen ist keine Partei Schneider</translation>
    </message>
    <message>
        <source>with %1 card points one side is Schneider, but the entry does not say so</source>
        <translation>mit %1 Augen ist eine Partei Schneider, aber der Eintrag sagt es nicht</translation>
    </message>
    <message>
        <source>with %1 card points this game is won: with 61 or more it is lost only when overbid or when an announced Schneider or Schwarz is missed</source>
        <translation>mit %1 Augen ist dieses Spiel gewonnen: mit 61 oder mehr ist es nur verloren, wenn überreizt oder ein angesagtes Schneider oder Schwarz verfehlt wurde</translation>
    </message>
    <message>
        <source>with Schwarz one side takes every trick: the declarer has 120 card points or at most the skat&apos;s %2, not %1</source>
        <translation>bei Schwarz macht eine Partei alle Stiche: Der Alleinspieler hat 120 Augen oder höchstens die %2 Augen des Skats, nicht %1</translation>
    </message>
</context>
<context>
    <name>Errors</name>
    <message>
        <source>%1 belongs to a database (its log or shared memory); it is no backup.</source>
        <translation>%1 gehört zu einer Datenbank (ihr Protokoll oder gemeinsamer Speicher); es ist keine Sicherung.</translation>
    </message>
    <message>
        <source>%1 belongs to a database; choose another file name.</source>
        <translation>%1 gehört zu einer Datenbank; wählen Sie einen anderen Dateinamen.</translation>
    </message>
    <message>
        <source>%1 cannot be created.</source>
        <translation>%1 kann nicht angelegt werden.</translation>
    </message>
    <message>
        <source>%1 cannot be read.</source>
        <translation>%1 kann nicht gelesen werden.</translation>
    </message>
    <message>
        <source>%1 cannot be used.</source>
        <translation>%1 kann nicht benutzt werden.</translation>
    </message>
    <message>
        <source>%1 cannot be written.</source>
        <translation>%1 kann nicht geschrieben werden.</translation>
    </message>
    <message>
        <source>%1 cannot be written: no permission.</source>
        <translation>%1 kann nicht geschrieben werden: keine Berechtigung.</translation>
    </message>
    <message>
        <source>%1 does not exist.</source>
        <translation>%1 gibt es nicht.</translation>
    </message>
    <message>
        <source>%1 is a SQLite database, which an export never overwrites; choose another file name.</source>
        <translation>%1 ist eine SQLite-Datenbank, die ein Export nie überschreibt; wählen Sie einen anderen Dateinamen.</translation>
    </message>
    <message>
        <source>%1 is a folder; name the file to write.</source>
        <translation>%1 ist ein Ordner; nennen Sie die Datei, die geschrieben werden soll.</translation>
    </message>
    <message>
        <source>%1 is not a SQLite database.</source>
        <translation>%1 ist keine SQLite-Datenbank.</translation>
    </message>
    <message>
        <source>%1 is not a Skat Desktop backup: it is another program&apos;s database.</source>
        <translation>%1 ist keine Sicherung von Skat Desktop: Es ist die Datenbank eines anderen Programms.</translation>
    </message>
    <message>
        <source>%1 is not a Skat Desktop backup: it is no SQLite database.</source>
        <translation>%1 ist keine Sicherung von Skat Desktop: Es ist keine SQLite-Datenbank.</translation>
    </message>
    <message>
        <source>%1 is not a database file.</source>
        <translation>%1 ist keine Datenbankdatei.</translation>
    </message>
    <message>
        <source>%1 is not a regular file; name a file to write.</source>
        <translation>%1 ist keine gewöhnliche Datei; nennen Sie eine Datei, die geschrieben werden soll.</translation>
    </message>
    <message>
        <source>%1 is the database itself; choose another file name.</source>
        <translation>%1 ist die Datenbank selbst; wählen Sie einen anderen Dateinamen.</translation>
    </message>
    <message>
        <source>A player&apos;s name cannot hold the invisible control character %1.</source>
        <translation>Ein Spielername darf das unsichtbare Steuerzeichen %1 nicht enthalten.</translation>
    </message>
    <message>
        <source>A player&apos;s name has at most %1 characters.</source>
        <translation>Ein Spielername hat höchstens %1 Zeichen.</translation>
    </message>
    <message>
        <source>A rule profile named “%1” with other rules exists already; give the copy a new name.</source>
        <translation>Ein Regelprofil namens „%1“ mit anderen Regeln gibt es schon; geben Sie der Kopie einen neuen Namen.</translation>
    </message>
    <message>
        <source>A series needs a title.</source>
        <translation>Eine Spielliste braucht einen Titel.</translation>
    </message>
    <message>
        <source>A series&apos; place cannot hold the invisible control character %1.</source>
        <translation>Der Ort einer Spielliste darf das unsichtbare Steuerzeichen %1 nicht enthalten.</translation>
    </message>
    <message>
        <source>A series&apos; place has at most %1 characters.</source>
        <translation>Der Ort einer Spielliste hat höchstens %1 Zeichen.</translation>
    </message>
    <message>
        <source>A series&apos; title cannot hold the invisible control character %1.</source>
        <translation>Der Titel einer Spielliste darf das unsichtbare Steuerzeichen %1 nicht enthalten.</translation>
    </message>
    <message>
        <source>A series&apos; title has at most %1 characters.</source>
        <translation>Der Titel einer Spielliste hat höchstens %1 Zeichen.</translation>
    </message>
    <message>
        <source>Another program is using the database; try again in a moment.</source>
        <translation>Ein anderes Programm benutzt die Datenbank; versuchen Sie es gleich noch einmal.</translation>
    </message>
    <message>
        <source>That did not work; the details are in the log.</source>
        <translation>Das hat nicht geklappt; die Einzelheiten stehen im Protokoll.</translation>
    </message>
    <message>
        <source>The ISS game record cannot be read: %1</source>
        <translation>Die ISS-Spielaufzeichnung kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>The archive unpacks to far more than a game archive holds; it was not read.</source>
        <translation>Das Archiv entpackt sich zu weit mehr, als ein Spielarchiv enthält; es wurde nicht gelesen.</translation>
    </message>
    <message>
        <source>The backup %1 is damaged; restore another backup.</source>
        <translation>Die Sicherung %1 ist beschädigt; spielen Sie eine andere Sicherung zurück.</translation>
    </message>
    <message>
        <source>The backup %1 is incomplete: it was cut off while it was written. Restore another backup.</source>
        <translation>Die Sicherung %1 ist unvollständig: Sie wurde beim Schreiben abgeschnitten. Spielen Sie eine andere Sicherung zurück.</translation>
    </message>
    <message>
        <source>The database cannot be written (it is read-only); it can only be viewed.</source>
        <translation>Die Datenbank kann nicht geschrieben werden (sie ist schreibgeschützt); sie kann nur angesehen werden.</translation>
    </message>
    <message>
        <source>The database cannot do that now; the details are in the log.</source>
        <translation>Die Datenbank kann das gerade nicht; die Einzelheiten stehen im Protokoll.</translation>
    </message>
    <message>
        <source>The database file %1 was moved, replaced or deleted while it was open; nothing is saved in it until it is back under that name.</source>
        <translation>Die Datenbankdatei %1 wurde verschoben, ersetzt oder gelöscht, während sie geöffnet war; es wird nichts mehr darin gespeichert, bis sie wieder unter diesem Namen liegt.</translation>
    </message>
    <message>
        <source>The database is damaged; restore a backup.</source>
        <translation>Die Datenbank ist beschädigt; spielen Sie eine Sicherung zurück.</translation>
    </message>
    <message>
        <source>The database was written by a newer version of Skat Desktop; update the program to open it.</source>
        <translation>Die Datenbank wurde von einer neueren Version von Skat Desktop geschrieben; aktualisiere das Programm, um sie zu öffnen.</translation>
    </message>
    <message>
        <source>The disk is full; the database cannot be written.</source>
        <translation>Der Datenträger ist voll; die Datenbank kann nicht geschrieben werden.</translation>
    </message>
    <message>
        <source>The file could not be exported or imported: %1</source>
        <translation>Die Datei konnte nicht exportiert oder eingelesen werden: %1</translation>
    </message>
    <message>
        <source>The file is a database of another program, not of Skat Desktop.</source>
        <translation>Die Datei ist eine Datenbank eines anderen Programms, nicht von Skat Desktop.</translation>
    </message>
    <message>
        <source>The file is larger than %1 MB, too large to import.</source>
        <translation>Die Datei ist größer als %1 MB und damit zu groß zum Einlesen.</translation>
    </message>
    <message>
        <source>The file is not a SQLite database.</source>
        <translation>Die Datei ist keine SQLite-Datenbank.</translation>
    </message>
    <message>
        <source>The file is not a Skat Desktop series export.</source>
        <translation>Die Datei ist kein Serien-Export von Skat Desktop.</translation>
    </message>
    <message>
        <source>The file is not a series export: %1</source>
        <translation>Die Datei ist kein Serienexport: %1</translation>
    </message>
    <message>
        <source>The file is not a series export: it is no JSON (line %1, column %2).</source>
        <translation>Die Datei ist kein Serienexport und kein JSON (Fehler in Zeile %1, Spalte %2).</translation>
    </message>
    <message>
        <source>The file is not a series export: it is no JSON text.</source>
        <translation>Die Datei ist kein Serien-Export: Sie ist kein JSON-Text.</translation>
    </message>
    <message>
        <source>The file is not a series export: it is not UTF-8 text.</source>
        <translation>Die Datei ist kein Serienexport und kein UTF-8-Text.</translation>
    </message>
    <message>
        <source>The file is not a series export: its JSON is nested far too deeply.</source>
        <translation>Die Datei ist kein Serienexport: Das JSON darin ist viel zu tief verschachtelt.</translation>
    </message>
    <message>
        <source>The folder %1 does not exist.</source>
        <translation>Den Ordner %1 gibt es nicht.</translation>
    </message>
    <message>
        <source>The planned number of deals must be from 1 to %1.</source>
        <translation>Die geplante Zahl der Spiele muss zwischen 1 und %1 liegen.</translation>
    </message>
    <message>
        <source>The record of this game holds a move the rules do not allow.</source>
        <translation>Die Aufzeichnung dieses Spiels enthält einen Zug, den die Regeln nicht erlauben.</translation>
    </message>
    <message>
        <source>The record of this game is damaged; it cannot be shown.</source>
        <translation>Die Aufzeichnung dieses Spiels ist beschädigt; sie kann nicht gezeigt werden.</translation>
    </message>
    <message>
        <source>The series export cannot be imported: %1</source>
        <translation>Der Serien-Export kann nicht eingelesen werden: %1</translation>
    </message>
    <message>
        <source>The series export was written by another version; this one cannot read it.</source>
        <translation>Der Serien-Export stammt von einer anderen Version; diese kann ihn nicht lesen.</translation>
    </message>
    <message>
        <source>The series “%1” is already in the database (series %2).</source>
        <translation>Die Serie „%1“ ist bereits in der Datenbank (Serie %2).</translation>
    </message>
    <message>
        <source>The stake must be a number from 0 to %1 cents a point.</source>
        <translation>Der Einsatz muss eine Zahl von 0 bis %1 Cent je Punkt sein.</translation>
    </message>
    <message>
        <source>There is no database at %1.</source>
        <translation>Unter %1 gibt es keine Datenbank.</translation>
    </message>
    <message>
        <source>This series is at a table of a LAN host; its host gives it up.</source>
        <translation>Diese Serie liegt an einem Tisch eines Gastgebers im Netz; nur dieser kann ihn aufgeben.</translation>
    </message>
    <message>
        <source>This series is being played at a table of the program; it can be closed once that table has finished it or given it up.</source>
        <translation>Diese Serie wird an einem Tisch des Programms gespielt; sie kann abgeschlossen werden, sobald dieser Tisch sie beendet oder aufgegeben hat.</translation>
    </message>
    <message>
        <source>This series is being played at a table of the program; its games are stored from there.</source>
        <translation>Diese Serie wird an einem Tisch des Programms gespielt; ihre Spiele werden von dort gespeichert.</translation>
    </message>
    <message>
        <source>This series is being played in a window right now; give it up there.</source>
        <translation>Diese Serie wird gerade in einem Fenster gespielt; geben Sie den Tisch dort auf.</translation>
    </message>
    <message>
        <source>This series is closed; reopen it first.</source>
        <translation>Diese Serie ist abgeschlossen; öffnen Sie sie zuerst wieder.</translation>
    </message>
    <message>
        <source>“%1” is a built-in rule profile; give the copy a new name.</source>
        <translation>„%1“ ist ein eingebautes Regelprofil; geben Sie der Kopie einen neuen Namen.</translation>
    </message>
</context>
<context>
    <name>ExportDialog</name>
    <message>
        <source>&amp;All series (%1)</source>
        <translation>&amp;Alle Serien (%1)</translation>
    </message>
    <message>
        <source>&amp;Chosen series</source>
        <translation>A&amp;usgewählte Serien</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>&amp;Exportieren…</translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation>&amp;Format:</translation>
    </message>
    <message>
        <source>A score sheet as CSV is one series: tick exactly one.</source>
        <translation>Eine Spielliste als CSV ist eine Serie: Bitte genau eine ankreuzen.</translation>
    </message>
    <message>
        <source>CSV: one score sheet, for a spreadsheet</source>
        <translation>CSV: eine Spielliste, für eine Tabellenkalkulation</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Exportieren</translation>
    </message>
    <message>
        <source>JSON: complete series, to import elsewhere</source>
        <translation>JSON: vollständige Serien, zum Importieren anderswo</translation>
    </message>
    <message>
        <source>Reading the series…</source>
        <translation>Die Serien werden gelesen…</translation>
    </message>
    <message>
        <source>The series cannot be read: %1</source>
        <translation>Die Serien können nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>There is no series to export.</source>
        <translation>Es gibt keine Serie zum Exportieren.</translation>
    </message>
    <message>
        <source>Tick the series to export.</source>
        <translation>Die zu exportierenden Serien ankreuzen.</translation>
    </message>
</context>
<context>
    <name>FairDeals</name>
    <message>
        <source>%1 played %2 without having been dealt it</source>
        <translation>%1 spielte %2, ohne die Karte bekommen zu haben</translation>
    </message>
    <message>
        <source>%1 was shown %2, but the agreed shuffle deals %3</source>
        <translation>%1 wurde %2 gezeigt, die vereinbarte Mischung gibt aber %3</translation>
    </message>
    <message>
        <source>a hand shown to you during the deal is not the dealt cards&apos;</source>
        <translation>eine Hand, die Ihnen im Spiel gezeigt wurde, passt nicht zu den gegebenen Karten</translation>
    </message>
    <message>
        <source>it was not seen played here: its record was fetched afterwards</source>
        <translation>es wurde hier nicht mitgespielt: sein Protokoll wurde nachträglich geholt</translation>
    </message>
    <message>
        <source>no cards</source>
        <translation>keine Karten</translation>
    </message>
    <message>
        <source>no player&apos;s bytes went into the cards: they are only as fair as the host</source>
        <translation>kein Spieler hat zu den Karten beigetragen: Die Karten sind nur so fair wie der Gastgeber</translation>
    </message>
    <message>
        <source>the cards do not follow from the commitment and the contributions</source>
        <translation>die Karten ergeben sich nicht aus der Festlegung und den Beiträgen</translation>
    </message>
    <message>
        <source>the cards take a contribution of seat %1 that was never pledged</source>
        <translation>in die Karten geht ein Beitrag von Platz %1 ein, der nie zugesagt wurde</translation>
    </message>
    <message>
        <source>the cards take a pledge of seat %1, which was not asked</source>
        <translation>in die Karten geht eine Zusage von Platz %1 ein, der nicht gefragt wurde</translation>
    </message>
    <message>
        <source>the cards were not shown at the end of the deal</source>
        <translation>die Karten wurden am Ende des Spiels nicht gezeigt</translation>
    </message>
    <message>
        <source>the check of the deal found a fault</source>
        <translation>die Prüfung des Spiels hat einen Fehler gefunden</translation>
    </message>
    <message>
        <source>the contribution of seat %1 is not the one it pledged</source>
        <translation>der Beitrag von Platz %1 ist nicht der zugesagte</translation>
    </message>
    <message>
        <source>the contribution of seat %1 is not the one it sent</source>
        <translation>der Beitrag von Platz %1 ist nicht der, den er geschickt hat</translation>
    </message>
    <message>
        <source>the host committed to the deal twice</source>
        <translation>der Gastgeber hat sich zweimal auf das Spiel festgelegt</translation>
    </message>
    <message>
        <source>the host did not reveal how the deal was dealt</source>
        <translation>der Gastgeber hat nicht offengelegt, wie das Spiel gegeben wurde</translation>
    </message>
    <message>
        <source>the host left your seat out of the contributions</source>
        <translation>der Gastgeber hat Ihren Platz bei den Beiträgen übergangen</translation>
    </message>
    <message>
        <source>the host no longer knows how the deal was dealt</source>
        <translation>der Gastgeber weiß nicht mehr, wie das Spiel gegeben wurde</translation>
    </message>
    <message>
        <source>the host showed the pledges twice, differently</source>
        <translation>der Gastgeber hat die Zusagen zweimal verschieden gezeigt</translation>
    </message>
    <message>
        <source>the host&apos;s commitment arrived only after the deal was dealt</source>
        <translation>die Festlegung des Gastgebers kam erst nach dem Geben an</translation>
    </message>
    <message>
        <source>the host&apos;s commitment did not arrive before the deal</source>
        <translation>die Festlegung des Gastgebers kam nicht vor dem Geben an</translation>
    </message>
    <message>
        <source>the host&apos;s reveal cannot be read</source>
        <translation>die Offenlegung des Gastgebers ist nicht lesbar</translation>
    </message>
    <message>
        <source>the host&apos;s secret does not match its commitment before the deal</source>
        <translation>das Geheimnis des Gastgebers passt nicht zu seiner Festlegung vor dem Geben</translation>
    </message>
    <message>
        <source>the moves do not give the host&apos;s result</source>
        <translation>die Züge ergeben nicht das Ergebnis des Gastgebers</translation>
    </message>
    <message>
        <source>the moves revealed are not the ones played</source>
        <translation>die offengelegten Züge sind nicht die gespielten</translation>
    </message>
    <message>
        <source>the moves shown do not make up the deal</source>
        <translation>die gezeigten Züge ergeben das Spiel nicht</translation>
    </message>
    <message>
        <source>the pledges revealed are not the ones shown before the deal</source>
        <translation>die offengelegten Zusagen sind nicht die vor dem Geben gezeigten</translation>
    </message>
    <message>
        <source>the pledges were not shown before the deal</source>
        <translation>die Zusagen wurden nicht vor dem Geben gezeigt</translation>
    </message>
    <message>
        <source>the seats said to have withheld their bytes are not the ones missing</source>
        <translation>die Plätze, die ihren Beitrag angeblich zurückgehalten haben, sind nicht die fehlenden</translation>
    </message>
    <message>
        <source>the skat shown was %1, but the agreed shuffle deals %2</source>
        <translation>als Skat wurde %1 gezeigt, die vereinbarte Mischung gibt aber %2</translation>
    </message>
    <message>
        <source>you came after this deal was dealt: its dealing could not be seen here</source>
        <translation>Sie kamen erst, nachdem dieses Spiel gegeben war: das Geben war hier nicht zu sehen</translation>
    </message>
    <message>
        <source>you came during this deal: how it was dealt could not be seen here</source>
        <translation type="vanished">Sie kamen während dieses Spiels dazu: wie es gegeben wurde, war hier nicht zu sehen</translation>
    </message>
    <message>
        <source>you were not connected when the deal was committed, so you were not asked to contribute: the cards were dealt without your bytes</source>
        <translation>Sie waren nicht verbunden, als sich der Gastgeber auf das Spiel festlegte, und wurden daher nicht um einen Beitrag gebeten: Die Karten wurden ohne Ihren Beitrag gegeben</translation>
    </message>
    <message>
        <source>your connection was lost before your pledge was taken: the cards were dealt without your bytes</source>
        <translation>Ihre Verbindung brach ab, bevor Ihre Zusage angenommen wurde: Die Karten wurden ohne Ihren Beitrag gegeben</translation>
    </message>
    <message>
        <source>your pledge reached the host only after the pledges were shown: the cards were dealt without your bytes</source>
        <translation>Ihre Zusage erreichte den Gastgeber erst, nachdem die Zusagen gezeigt waren: Die Karten wurden ohne Ihren Beitrag gegeben</translation>
    </message>
</context>
<context>
    <name>GameEntryForm</name>
    <message>
        <source>&amp;Give up the table</source>
        <translation>Tisch &amp;aufgeben</translation>
    </message>
    <message>
        <source>(overbid)</source>
        <translation>(überreizt)</translation>
    </message>
    <message>
        <source>A Null below the bid is charged as this game.</source>
        <translation>Ein Null unter dem Reizwert wird als dieses Spiel gewertet.</translation>
    </message>
    <message>
        <source>A correction needs who makes it and why.</source>
        <translation>Eine Berichtigung braucht, wer sie macht und warum.</translation>
    </message>
    <message>
        <source>All %1 deals of this series are entered.</source>
        <translation>Alle %1 Spiele dieser Liste sind eingetragen.</translation>
    </message>
    <message>
        <source>Bid</source>
        <translation>Reizwert</translation>
    </message>
    <message>
        <source>Bock round: scores count double</source>
        <translation>Bockrunde: alles zählt doppelt</translation>
    </message>
    <message>
        <source>Card points</source>
        <translation>Augen</translation>
    </message>
    <message>
        <source>Card points from the tricks, without the skat</source>
        <translation>Augen aus den Stichen, ohne den Skat</translation>
    </message>
    <message>
        <source>Charged as</source>
        <translation>Gewertet als</translation>
    </message>
    <message>
        <source>Choose the declarer and the game.</source>
        <translation>Alleinspieler und Spiel wählen.</translation>
    </message>
    <message>
        <source>Choose the declarer.</source>
        <translation>Alleinspieler wählen.</translation>
    </message>
    <message>
        <source>Choose the game.</source>
        <translation>Spiel wählen.</translation>
    </message>
    <message>
        <source>Corrected by</source>
        <translation>Berichtigt von</translation>
    </message>
    <message>
        <source>Correcting deal %1</source>
        <translation>Spiel %1 berichtigen</translation>
    </message>
    <message>
        <source>Deal %1</source>
        <translation>Spiel %1</translation>
    </message>
    <message>
        <source>Deal %1 corrected: %2</source>
        <translation>Spiel %1 berichtigt: %2</translation>
    </message>
    <message>
        <source>Deal %1 of %2</source>
        <translation>Spiel %1 von %2</translation>
    </message>
    <message>
        <source>Deal %1 stored: %2</source>
        <translation>Spiel %1 gespeichert: %2</translation>
    </message>
    <message>
        <source>Dealer: %1</source>
        <translation>Geber: %1</translation>
    </message>
    <message>
        <source>Dealer: %1 (sits out)</source>
        <translation>Geber: %1 (setzt aus)</translation>
    </message>
    <message>
        <source>Declared</source>
        <translation>Angesagt</translation>
    </message>
    <message>
        <source>Declarer</source>
        <translation>Alleinspieler</translation>
    </message>
    <message>
        <source>Enter each player&apos;s card points and tricks.</source>
        <translation>Augen und Stiche jedes Spielers eintragen.</translation>
    </message>
    <message>
        <source>Enter game</source>
        <translation>Spiel eintragen</translation>
    </message>
    <message>
        <source>Enter stores the game; Esc clears the row.</source>
        <translation>Enter speichert das Spiel; Esc leert die Zeile.</translation>
    </message>
    <message>
        <source>Enter the bid.</source>
        <translation>Reizwert eintragen.</translation>
    </message>
    <message>
        <source>Game</source>
        <translation>Spiel</translation>
    </message>
    <message>
        <source>Give up the table</source>
        <translation>Tisch aufgeben</translation>
    </message>
    <message>
        <source>Give up the table saved for later that plays this series? Its finished deals stay on the score sheet; the deal it was playing is lost, and the series then takes games typed here.</source>
        <translation>Den für später gespeicherten Tisch dieser Serie aufgeben? Die beendeten Spiele bleiben in der Spielliste; das Spiel, das dort lief, geht verloren, und die Serie nimmt danach hier eingetragene Spiele an.</translation>
    </message>
    <message>
        <source>Give up the table saved for later…</source>
        <translation>Für später gespeicherten Tisch aufgeben…</translation>
    </message>
    <message>
        <source>Hand</source>
        <translation>Hand</translation>
    </message>
    <message>
        <source>Kontra</source>
        <translation>Kontra</translation>
    </message>
    <message>
        <source>Last trick</source>
        <translation>Letzter Stich</translation>
    </message>
    <message>
        <source>Matadors</source>
        <translation>Spitzen</translation>
    </message>
    <message>
        <source>Ouvert</source>
        <translation>Ouvert</translation>
    </message>
    <message>
        <source>Passed in: no score</source>
        <translation>Eingepasst: keine Wertung</translation>
    </message>
    <message>
        <source>Points</source>
        <translation>Augen</translation>
    </message>
    <message>
        <source>Pushed</source>
        <translation>Geschoben</translation>
    </message>
    <message>
        <source>Ramsch round</source>
        <translation>Ramschrunde</translation>
    </message>
    <message>
        <source>Ramsch: %1</source>
        <translation>Ramsch: %1</translation>
    </message>
    <message>
        <source>Reached</source>
        <translation>Erreicht</translation>
    </message>
    <message>
        <source>Reading the series…</source>
        <translation>Die Liste wird gelesen…</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Grund</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Schneider</source>
        <translation>Schneider</translation>
    </message>
    <message>
        <source>Schneider announced</source>
        <translation>Schneider angesagt</translation>
    </message>
    <message>
        <source>Schneider reached: by the declarer if won, against him if lost</source>
        <translation>Schneider erreicht: vom Alleinspieler, wenn gewonnen, gegen ihn, wenn verloren</translation>
    </message>
    <message>
        <source>Schwarz</source>
        <translation>Schwarz</translation>
    </message>
    <message>
        <source>Schwarz announced</source>
        <translation>Schwarz angesagt</translation>
    </message>
    <message>
        <source>Schwarz reached: by the declarer if won, against him if lost</source>
        <translation>Schwarz erreicht: vom Alleinspieler, wenn gewonnen, gegen ihn, wenn verloren</translation>
    </message>
    <message>
        <source>Skat: %1</source>
        <translation>Skat: %1</translation>
    </message>
    <message>
        <source>Store correction</source>
        <translation>Berichtigung speichern</translation>
    </message>
    <message>
        <source>Storing…</source>
        <translation>Wird gespeichert…</translation>
    </message>
    <message>
        <source>The database can only be read: nothing can be stored in it.</source>
        <translation>Die Datenbank kann nur gelesen werden: es lässt sich nichts darin speichern.</translation>
    </message>
    <message>
        <source>The database is busy: another program is writing to it. Nothing is lost: press Enter to try again.</source>
        <translation>Die Datenbank ist belegt: ein anderes Programm schreibt gerade. Nichts geht verloren: mit Enter erneut versuchen.</translation>
    </message>
    <message>
        <source>The declarer&apos;s card points, if counted (a game lost with 60 starts a Bock round)</source>
        <translation>Die Augen des Alleinspielers, falls gezählt (ein mit 60 verlorenes Spiel bringt eine Bockrunde)</translation>
    </message>
    <message>
        <source>This series is being played at a table of the program; its games are stored from there, not typed here.</source>
        <translation>Diese Serie wird an einem Tisch des Programms gespielt; ihre Spiele werden von dort gespeichert, nicht hier eingetragen.</translation>
    </message>
    <message>
        <source>This series is closed (signed); reopen it to change it.</source>
        <translation>Diese Liste ist abgeschlossen (unterschrieben); zum Ändern erst wieder öffnen.</translation>
    </message>
    <message>
        <source>Tricks</source>
        <translation>Stiche</translation>
    </message>
    <message>
        <source>Type a game&apos;s first letter; the same letter again for the next one.</source>
        <translation>Anfangsbuchstaben des Spiels tippen; derselbe Buchstabe noch einmal für das nächste.</translation>
    </message>
    <message>
        <source>Type the number; a minus sign first for “without”.</source>
        <translation>Die Zahl tippen; für „ohne“ zuerst ein Minuszeichen.</translation>
    </message>
    <message>
        <source>Value %1 → %2</source>
        <translation>Wert %1 → %2</translation>
    </message>
    <message>
        <source>Who took the last trick?</source>
        <translation>Wer hat den letzten Stich?</translation>
    </message>
    <message>
        <source>Won or lost?</source>
        <translation>Gewonnen oder verloren?</translation>
    </message>
    <message>
        <source>lost</source>
        <translation>verloren</translation>
    </message>
    <message>
        <source>no score</source>
        <translation>keine Wertung</translation>
    </message>
    <message>
        <source>won</source>
        <translation>gewonnen</translation>
    </message>
</context>
<context>
    <name>GameLog</name>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1 loses %2</source>
        <translation>%1 verliert %2</translation>
    </message>
    <message>
        <source>%1 loses %2 with %3 card points</source>
        <translation>%1 verliert %2 mit %3 Augen</translation>
    </message>
    <message>
        <source>%1 puts two cards into the skat</source>
        <translation>%1 drückt zwei Karten</translation>
    </message>
    <message numerus="yes">
        <source>%1 takes the trick: %n point(s)</source>
        <translation>
            <numerusform>%1 bekommt den Stich: %n Auge</numerusform>
            <numerusform>%1 bekommt den Stich: %n Augen</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 wins %2</source>
        <translation>%1 gewinnt %2</translation>
    </message>
    <message>
        <source>%1 wins %2 with %3 card points</source>
        <translation>%1 gewinnt %2 mit %3 Augen</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Deal %1, dealt by %2</source>
        <translation>Spiel %1, %2 gibt</translation>
    </message>
    <message>
        <source>Game log</source>
        <translation>Spielverlauf</translation>
    </message>
    <message>
        <source>Passed in: nobody plays this deal</source>
        <translation>Eingepasst: niemand spielt dieses Spiel</translation>
    </message>
    <message>
        <source>Score: %1</source>
        <translation>Ergebnis: %1</translation>
    </message>
    <message>
        <source>Scores: %1</source>
        <translation>Ergebnisse: %1</translation>
    </message>
    <message>
        <source>The deal at the table, line by line: the bids, the game, every card played, each trick and the result.</source>
        <translation>Das Spiel am Tisch Zeile für Zeile: das Reizen, das Spiel, jede gespielte Karte, jeder Stich und das Ergebnis.</translation>
    </message>
    <message>
        <source>The skat was %1</source>
        <translation>Im Skat lagen %1</translation>
    </message>
    <message>
        <source>Trick %1: %2</source>
        <translation>Stich %1: %2</translation>
    </message>
</context>
<context>
    <name>GameWords</name>
    <message>
        <source>%1 bids %2</source>
        <translation>%1 reizt %2</translation>
    </message>
    <message>
        <source>%1 claims the rest</source>
        <translation>%1 beansprucht den Rest</translation>
    </message>
    <message>
        <source>%1 concedes</source>
        <translation>%1 gibt auf</translation>
    </message>
    <message>
        <source>%1 declares %2</source>
        <translation>%1 sagt %2 an</translation>
    </message>
    <message>
        <source>%1 holds</source>
        <translation>%1 hält</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%2 %1</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %Ln deal(s)</source>
        <translation>
            <numerusform>%1 von %Ln Spiel</numerusform>
            <numerusform>%1 von %Ln Spielen</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 passes</source>
        <translation>%1 passt</translation>
    </message>
    <message>
        <source>%1 picks up the skat</source>
        <translation>%1 nimmt den Skat auf</translation>
    </message>
    <message>
        <source>%1 plays %2</source>
        <translation>%1 spielt %2</translation>
    </message>
    <message>
        <source>%1 pushes the skat on</source>
        <translation>%1 schiebt den Skat weiter</translation>
    </message>
    <message>
        <source>%1 puts %2 into the skat</source>
        <translation>%1 drückt %2</translation>
    </message>
    <message>
        <source>%1 says %2</source>
        <translation>%1 sagt %2</translation>
    </message>
    <message numerus="yes">
        <source>%1: %2 points, %n trick(s)</source>
        <translation>
            <numerusform>%1: %2 Augen, %n Stich</numerusform>
            <numerusform>%1: %2 Augen, %n Stiche</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln deal(s)</source>
        <translation>
            <numerusform>%Ln Spiel</numerusform>
            <numerusform>%Ln Spiele</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n points safe in the skat</source>
        <translation>
            <numerusform>%n Auge sicher im Skat</numerusform>
            <numerusform>%n Augen sicher im Skat</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n trick(s)</source>
        <translation>
            <numerusform>%n Stich</numerusform>
            <numerusform>%n Stiche</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Bells</source>
        <comment>German deck</comment>
        <translation>Schel&amp;len</translation>
    </message>
    <message>
        <source>&amp;Leaves</source>
        <comment>German deck</comment>
        <translation>Gr&amp;ün</translation>
    </message>
    <message>
        <source>+1 %1</source>
        <translation>+1 %1</translation>
    </message>
    <message>
        <source>= %1 × %2 = %3</source>
        <translation>= %1 × %2 = %3</translation>
    </message>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>A</source>
        <comment>German deck: Acorns</comment>
        <translation>E</translation>
    </message>
    <message>
        <source>Ace</source>
        <translation>Ass</translation>
    </message>
    <message>
        <source>Acorn&amp;s</source>
        <comment>German deck</comment>
        <translation>E&amp;ichel</translation>
    </message>
    <message>
        <source>Acorns</source>
        <comment>German deck</comment>
        <translation>Eichel</translation>
    </message>
    <message>
        <source>B</source>
        <comment>German deck: Bells</comment>
        <translation>S</translation>
    </message>
    <message>
        <source>Bells</source>
        <comment>German deck</comment>
        <translation>Schellen</translation>
    </message>
    <message>
        <source>Bock</source>
        <translation>Bock</translation>
    </message>
    <message>
        <source>Bock round: × 2</source>
        <translation>Bockrunde: × 2</translation>
    </message>
    <message>
        <source>Clubs</source>
        <translation>Kreuz</translation>
    </message>
    <message>
        <source>D</source>
        <comment>German deck: Deuce</comment>
        <translation>D</translation>
    </message>
    <message>
        <source>Deuce</source>
        <comment>German deck</comment>
        <translation>Daus</translation>
    </message>
    <message>
        <source>Diamonds</source>
        <translation>Karo</translation>
    </message>
    <message>
        <source>Durchmarsch: %1 took every trick</source>
        <translation>Durchmarsch: %1 hat alle Stiche gemacht</translation>
    </message>
    <message>
        <source>Forehand</source>
        <translation>Vorhand</translation>
    </message>
    <message>
        <source>Grand</source>
        <translation>Grand</translation>
    </message>
    <message>
        <source>H</source>
        <comment>German deck: Hearts</comment>
        <translation>R</translation>
    </message>
    <message>
        <source>H&amp;earts</source>
        <comment>German deck</comment>
        <translation>R&amp;ot</translation>
    </message>
    <message>
        <source>Hand</source>
        <translation>Hand</translation>
    </message>
    <message>
        <source>Hearts</source>
        <translation>Herz</translation>
    </message>
    <message>
        <source>Hearts</source>
        <comment>German deck</comment>
        <translation>Rot</translation>
    </message>
    <message>
        <source>Hirsch</source>
        <translation>Hirsch</translation>
    </message>
    <message>
        <source>J</source>
        <translation>B</translation>
    </message>
    <message>
        <source>Jack</source>
        <translation>Bube</translation>
    </message>
    <message>
        <source>Jungfrau: a player took no trick</source>
        <translation>Jungfrau: Ein Spieler hat keinen Stich gemacht</translation>
    </message>
    <message>
        <source>K</source>
        <translation>K</translation>
    </message>
    <message>
        <source>K</source>
        <comment>German deck: King</comment>
        <translation>K</translation>
    </message>
    <message>
        <source>King</source>
        <comment>German deck</comment>
        <translation>König</translation>
    </message>
    <message>
        <source>King</source>
        <translation>König</translation>
    </message>
    <message>
        <source>Kontra</source>
        <translation>Kontra</translation>
    </message>
    <message>
        <source>L</source>
        <comment>German deck: Leaves</comment>
        <translation>G</translation>
    </message>
    <message>
        <source>Leaves</source>
        <comment>German deck</comment>
        <translation>Grün</translation>
    </message>
    <message>
        <source>Middlehand</source>
        <translation>Mittelhand</translation>
    </message>
    <message>
        <source>Null</source>
        <translation>Null</translation>
    </message>
    <message>
        <source>Null below the bid: charged as %1</source>
        <translation>Null unter dem Reizwert: berechnet als %1</translation>
    </message>
    <message>
        <source>Null declared below the bid (ISkO 3.4.4)</source>
        <translation>Null unter dem Reizwert angesagt (ISkO 3.4.4)</translation>
    </message>
    <message>
        <source>Null: value %1</source>
        <translation>Null: Wert %1</translation>
    </message>
    <message>
        <source>O</source>
        <comment>German deck: Ober</comment>
        <translation>O</translation>
    </message>
    <message>
        <source>Ober</source>
        <comment>German deck</comment>
        <translation>Ober</translation>
    </message>
    <message>
        <source>Ouvert</source>
        <translation>Ouvert</translation>
    </message>
    <message>
        <source>Passed in</source>
        <translation>Eingepasst</translation>
    </message>
    <message>
        <source>Q</source>
        <translation>D</translation>
    </message>
    <message>
        <source>Queen</source>
        <translation>Dame</translation>
    </message>
    <message>
        <source>Ramsch</source>
        <translation>Ramsch</translation>
    </message>
    <message>
        <source>Re</source>
        <translation>Re</translation>
    </message>
    <message>
        <source>Rearhand</source>
        <translation>Hinterhand</translation>
    </message>
    <message>
        <source>Schneider</source>
        <translation>Schneider</translation>
    </message>
    <message>
        <source>Schneider announced</source>
        <translation>Schneider angesagt</translation>
    </message>
    <message>
        <source>Schwarz</source>
        <translation>Schwarz</translation>
    </message>
    <message>
        <source>Schwarz announced</source>
        <translation>Schwarz angesagt</translation>
    </message>
    <message>
        <source>Spades</source>
        <translation>Pik</translation>
    </message>
    <message>
        <source>U</source>
        <comment>German deck: Unter</comment>
        <translation>U</translation>
    </message>
    <message>
        <source>Unter</source>
        <comment>German deck</comment>
        <translation>Unter</translation>
    </message>
    <message>
        <source>all passed</source>
        <translation>alle haben gepasst</translation>
    </message>
    <message>
        <source>beginner %1</source>
        <translation>Anfänger %1</translation>
    </message>
    <message>
        <source>bid %1</source>
        <translation>%1 reizen</translation>
    </message>
    <message numerus="yes">
        <source>cashes %1 (%n points)</source>
        <translation>
            <numerusform>holt %1 heim (%n Auge)</numerusform>
            <numerusform>holt %1 heim (%n Augen)</numerusform>
        </translation>
    </message>
    <message>
        <source>claim failed: the declarer cannot avoid a trick</source>
        <translation>Anspruch gescheitert: Der Alleinspieler muss einen Stich nehmen</translation>
    </message>
    <message>
        <source>claim failed: the rest goes to the defenders</source>
        <translation>Anspruch gescheitert: Der Rest geht an die Gegenspieler</translation>
    </message>
    <message>
        <source>claim proven: the declarer takes no further trick</source>
        <translation>Anspruch bestätigt: Der Alleinspieler bekommt keinen Stich mehr</translation>
    </message>
    <message>
        <source>claim proven: the rest goes to the declarer</source>
        <translation>Anspruch bestätigt: Der Rest geht an den Alleinspieler</translation>
    </message>
    <message>
        <source>claim the rest</source>
        <translation>den Rest beanspruchen</translation>
    </message>
    <message>
        <source>conceded by a defender</source>
        <translation>von einem Gegenspieler aufgegeben</translation>
    </message>
    <message>
        <source>conceded by a defender: the rest to the declarer</source>
        <translation>von einem Gegenspieler aufgegeben: Der Rest geht an den Alleinspieler</translation>
    </message>
    <message>
        <source>conceded by the declarer</source>
        <translation>vom Alleinspieler aufgegeben</translation>
    </message>
    <message>
        <source>conceded by the declarer: the rest to the defenders</source>
        <translation>vom Alleinspieler aufgegeben: Der Rest geht an die Gegenspieler</translation>
    </message>
    <message>
        <source>conceded: Null lost</source>
        <translation>aufgegeben: Null verloren</translation>
    </message>
    <message>
        <source>conceded: Null won</source>
        <translation>aufgegeben: Null gewonnen</translation>
    </message>
    <message>
        <source>defender&apos;s claim failed: the declarer wins</source>
        <translation>Anspruch des Gegenspielers gescheitert: Der Alleinspieler gewinnt</translation>
    </message>
    <message>
        <source>defender&apos;s claim failed: the rest goes to the declarer</source>
        <translation>Anspruch des Gegenspielers gescheitert: Der Rest geht an den Alleinspieler</translation>
    </message>
    <message>
        <source>defender&apos;s claim proven: the rest goes to the defenders</source>
        <translation>Anspruch des Gegenspielers bestätigt: Der Rest geht an die Gegenspieler</translation>
    </message>
    <message numerus="yes">
        <source>draws trumps: %n still out</source>
        <translation>
            <numerusform>zieht Trumpf: noch %n draußen</numerusform>
            <numerusform>zieht Trumpf: noch %n draußen</numerusform>
        </translation>
    </message>
    <message>
        <source>ducks under with %1</source>
        <translation>bleibt mit %1 drunter</translation>
    </message>
    <message>
        <source>expert %1</source>
        <translation>Experte %1</translation>
    </message>
    <message>
        <source>failed claim: the defenders collect the rest (pre-1999)</source>
        <translation>Anspruch gescheitert: Die Gegenspieler bekommen den Rest (vor 1999)</translation>
    </message>
    <message>
        <source>game</source>
        <translation>Spiel</translation>
    </message>
    <message>
        <source>give up</source>
        <translation>aufgeben</translation>
    </message>
    <message numerus="yes">
        <source>gives the partner %n points with %1</source>
        <translation>
            <numerusform>schmiert dem Partner %n Auge mit %1</numerusform>
            <numerusform>schmiert dem Partner %n Augen mit %1</numerusform>
        </translation>
    </message>
    <message>
        <source>hand</source>
        <translation>Hand</translation>
    </message>
    <message>
        <source>hold</source>
        <translation>halten</translation>
    </message>
    <message>
        <source>leads %1 to keep control</source>
        <translation>spielt %1 aus und behält das Spiel in der Hand</translation>
    </message>
    <message>
        <source>lost: × %1</source>
        <translation>verloren: × %1</translation>
    </message>
    <message>
        <source>no score</source>
        <translation>keine Wertung</translation>
    </message>
    <message>
        <source>overbid: charged at %1</source>
        <translation>überreizt: berechnet mit %1</translation>
    </message>
    <message>
        <source>pass</source>
        <translation>passen</translation>
    </message>
    <message>
        <source>pick up the skat</source>
        <translation>Skat aufnehmen</translation>
    </message>
    <message>
        <source>plays %1 to leave the declarer the trick</source>
        <translation>spielt %1 und lässt dem Alleinspieler den Stich</translation>
    </message>
    <message>
        <source>push the skat on</source>
        <translation>den Skat weiterschieben</translation>
    </message>
    <message numerus="yes">
        <source>pushed %n time(s)</source>
        <translation>
            <numerusform>einmal geschoben</numerusform>
            <numerusform>%n-mal geschoben</numerusform>
        </translation>
    </message>
    <message>
        <source>put %1 into the skat</source>
        <translation>%1 drücken</translation>
    </message>
    <message>
        <source>random %1</source>
        <translation>Zufall %1</translation>
    </message>
    <message>
        <source>score %1</source>
        <translation>Ergebnis %1</translation>
    </message>
    <message>
        <source>standard %1</source>
        <translation>Standard %1</translation>
    </message>
    <message numerus="yes">
        <source>takes the trick with %1 (%n points so far)</source>
        <translation>
            <numerusform>sticht mit %1 (bisher %n Auge)</numerusform>
            <numerusform>sticht mit %1 (bisher %n Augen)</numerusform>
        </translation>
    </message>
    <message>
        <source>the best game for this hand</source>
        <translation>das beste Spiel für dieses Blatt</translation>
    </message>
    <message>
        <source>the declarer took a trick in Null</source>
        <translation>der Alleinspieler hat im Null einen Stich bekommen</translation>
    </message>
    <message>
        <source>the declarer wins %1% of the sampled deals</source>
        <translation>der Alleinspieler gewinnt %1 % der simulierten Verteilungen</translation>
    </message>
    <message>
        <source>the defenders took a trick against Schwarz announced</source>
        <translation>die Gegenspieler haben gegen angesagtes Schwarz einen Stich gemacht</translation>
    </message>
    <message>
        <source>the defenders win %1% of the sampled deals</source>
        <translation>die Gegenspieler gewinnen %1 % der simulierten Verteilungen</translation>
    </message>
    <message>
        <source>the hand is not worth a higher bid</source>
        <translation>das Blatt ist kein höheres Gebot wert</translation>
    </message>
    <message>
        <source>the hand is worth at least %1</source>
        <translation>das Blatt ist mindestens %1 wert</translation>
    </message>
    <message>
        <source>the hand is worth the bid</source>
        <translation>das Blatt ist das Gebot wert</translation>
    </message>
    <message>
        <source>the hand needs the skat</source>
        <translation>das Blatt braucht den Skat</translation>
    </message>
    <message>
        <source>the rules allow nothing better here</source>
        <translation>die Regeln erlauben hier nichts Besseres</translation>
    </message>
    <message>
        <source>throws %1: the trick is lost anyway</source>
        <translation>wirft %1 ab: Der Stich ist ohnehin verloren</translation>
    </message>
    <message>
        <source>with %1</source>
        <translation>mit %1</translation>
    </message>
    <message>
        <source>without %1</source>
        <translation>ohne %1</translation>
    </message>
    <message>
        <source>♠ &amp;Spades</source>
        <translation>♠ &amp;Pik</translation>
    </message>
    <message>
        <source>♣ C&amp;lubs</source>
        <translation>♣ &amp;Kreuz</translation>
    </message>
    <message>
        <source>♥ H&amp;earts</source>
        <translation>♥ Her&amp;z</translation>
    </message>
    <message>
        <source>♦ D&amp;iamonds</source>
        <translation>♦ Kar&amp;o</translation>
    </message>
</context>
<context>
    <name>HistoryBrowser</name>
    <message numerus="yes">
        <source>%1 cost %n card point(s) (better: %2)</source>
        <translation>
            <numerusform>%1 hat %n Auge gekostet (besser: %2)</numerusform>
            <numerusform>%1 hat %n Augen gekostet (besser: %2)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 lets the declarer take a trick (better: %2)</source>
        <translation>%1 lässt den Alleinspieler einen Stich machen (besser: %2)</translation>
    </message>
    <message>
        <source>%1 loses with %2 card points: %3</source>
        <translation>%1 verliert mit %2 Augen: %3</translation>
    </message>
    <message>
        <source>%1 passes</source>
        <translation>%1 passt</translation>
    </message>
    <message>
        <source>%1 plays %2</source>
        <translation>%1 spielt %2</translation>
    </message>
    <message>
        <source>%1 takes the trick (%2 points)</source>
        <translation>%1 macht den Stich (%2 Augen)</translation>
    </message>
    <message>
        <source>%1 wins with %2 card points: %3</source>
        <translation>%1 gewinnt mit %2 Augen: %3</translation>
    </message>
    <message>
        <source>%1 won the auction at %2</source>
        <translation>%1 bekommt das Spiel bei %2</translation>
    </message>
    <message>
        <source>%1 yes</source>
        <translation>%1 ja</translation>
    </message>
    <message>
        <source>%1 — deal %2</source>
        <translation>%1 — Spiel %2</translation>
    </message>
    <message>
        <source>%1, %2 — deal %3</source>
        <translation>%1, %2 — Spiel %3</translation>
    </message>
    <message>
        <source>&amp;From:</source>
        <translation>V&amp;on:</translation>
    </message>
    <message>
        <source>&amp;Player:</source>
        <translation>S&amp;pieler:</translation>
    </message>
    <message>
        <source>&amp;Series:</source>
        <translation>S&amp;erie:</translation>
    </message>
    <message>
        <source>&amp;To:</source>
        <translation>&amp;Bis:</translation>
    </message>
    <message>
        <source>All passed: the deal is passed in.</source>
        <translation>Alle haben gepasst: Das Spiel ist eingepasst.</translation>
    </message>
    <message>
        <source>All players</source>
        <translation>Alle Spieler</translation>
    </message>
    <message>
        <source>All series</source>
        <translation>Alle Serien</translation>
    </message>
    <message>
        <source>Analyse</source>
        <translation>Analysieren</translation>
    </message>
    <message>
        <source>Analysing with open cards…</source>
        <translation>Analyse mit offenen Karten…</translation>
    </message>
    <message>
        <source>Auction</source>
        <translation>Reizen</translation>
    </message>
    <message>
        <source>Auction: %1</source>
        <translation>Reizen: %1</translation>
    </message>
    <message>
        <source>Bock round</source>
        <translation>Bockrunde</translation>
    </message>
    <message>
        <source>Cards dealt</source>
        <translation>Ausgeteilte Karten</translation>
    </message>
    <message>
        <source>Choose a deal from the list.</source>
        <translation>Wählen Sie ein Spiel aus der Liste.</translation>
    </message>
    <message>
        <source>Deals</source>
        <translation>Spiele</translation>
    </message>
    <message>
        <source>First position (Home)</source>
        <translation>Erste Stellung (Pos1)</translation>
    </message>
    <message>
        <source>Last position (End)</source>
        <translation>Letzte Stellung (Ende)</translation>
    </message>
    <message>
        <source>Move %1 of %2</source>
        <translation>Zug %1 von %2</translation>
    </message>
    <message>
        <source>Moves</source>
        <translation>Züge</translation>
    </message>
    <message>
        <source>Next move (Right)</source>
        <translation>Nächster Zug (Pfeil rechts)</translation>
    </message>
    <message>
        <source>No deal chosen</source>
        <translation>Kein Spiel gewählt</translation>
    </message>
    <message>
        <source>Note: %1</source>
        <translation>Hinweis: %1</translation>
    </message>
    <message>
        <source>Nothing to replay.</source>
        <translation>Nichts zum Nachspielen.</translation>
    </message>
    <message>
        <source>Optimal</source>
        <translation>Optimal</translation>
    </message>
    <message>
        <source>Previous move (Left)</source>
        <translation>Vorheriger Zug (Pfeil links)</translation>
    </message>
    <message>
        <source>Ramsch: %1</source>
        <translation>Ramsch: %1</translation>
    </message>
    <message>
        <source>Skat</source>
        <translation>Skat</translation>
    </message>
    <message>
        <source>Skat (put down)</source>
        <translation>Skat (gedrückt)</translation>
    </message>
    <message>
        <source>Solve the deal with open cards and mark the cards that cost points</source>
        <translation>Das Spiel mit offenen Karten durchrechnen und die Karten markieren, die Punkte gekostet haben</translation>
    </message>
    <message>
        <source>The analysis failed: %1</source>
        <translation>Die Analyse ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>The deals cannot be listed: %1</source>
        <translation>Die Spiele können nicht aufgelistet werden: %1</translation>
    </message>
    <message>
        <source>The newest %1 of %2 deals; choose a series or dates.</source>
        <translation>Die neuesten %1 von %2 Spielen; wählen Sie eine Serie oder einen Zeitraum.</translation>
    </message>
    <message>
        <source>The record is damaged: %1. The moves before it can be replayed.</source>
        <translation>Die Aufzeichnung ist beschädigt: %1. Die Züge davor lassen sich nachspielen.</translation>
    </message>
    <message>
        <source>This deal cannot be read: %1</source>
        <translation>Dieses Spiel kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>This deal cannot be replayed: %1</source>
        <translation>Dieses Spiel kann nicht nachgespielt werden: %1</translation>
    </message>
    <message>
        <source>This deal was entered from a score sheet: there are no cards to replay.</source>
        <translation>Dieses Spiel wurde von einer Spielliste übernommen: Es gibt keine Karten zum Nachspielen.</translation>
    </message>
    <message>
        <source>Trick %1: %2</source>
        <translation>Stich %1: %2</translation>
    </message>
    <message>
        <source>bid %1</source>
        <translation>gereizt bis %1</translation>
    </message>
    <message>
        <source>dealt by %1</source>
        <translation>Geber: %1</translation>
    </message>
    <message>
        <source>declarer</source>
        <translation>Alleinspieler</translation>
    </message>
    <message>
        <source>lost the game</source>
        <translation>verliert das Spiel</translation>
    </message>
    <message>
        <source>points: %1 · tricks: %2</source>
        <translation>Augen: %1 · Stiche: %2</translation>
    </message>
    <message>
        <source>this decided the game</source>
        <translation>das hat das Spiel entschieden</translation>
    </message>
    <message>
        <source>tricks: %1</source>
        <translation>Stiche: %1</translation>
    </message>
    <message numerus="yes">
        <source>−%n point(s)</source>
        <translation>
            <numerusform>−%n Auge</numerusform>
            <numerusform>−%n Augen</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HostDialog</name>
    <message>
        <source> min</source>
        <translation> min</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>&amp;3 players</source>
        <translation type="vanished">&amp;3 Spieler</translation>
    </message>
    <message>
        <source>&amp;4 players</source>
        <translation type="vanished">&amp;4 Spieler</translation>
    </message>
    <message>
        <source>&amp;Deals in the series:</source>
        <translation>&amp;Spiele in der Liste:</translation>
    </message>
    <message>
        <source>&amp;Host</source>
        <translation>&amp;Anbieten</translation>
    </message>
    <message>
        <source>&amp;Password:</source>
        <translation>&amp;Passwort:</translation>
    </message>
    <message>
        <source>&amp;Rules:</source>
        <translation>&amp;Regeln:</translation>
    </message>
    <message>
        <source>&amp;Table name:</source>
        <translation>&amp;Tischname:</translation>
    </message>
    <message>
        <source>A computer plays a dropped seat:</source>
        <translation>Ein Computer übernimmt einen verlassenen Platz:</translation>
    </message>
    <message>
        <source>A password cannot begin or end with a space.</source>
        <translation>Ein Passwort darf nicht mit einem Leerzeichen beginnen oder enden.</translation>
    </message>
    <message>
        <source>A password cannot hold control characters.</source>
        <translation>Ein Passwort darf keine Steuerzeichen enthalten.</translation>
    </message>
    <message>
        <source>A player whose connection drops keeps the seat this long.</source>
        <translation>So lange behält ein Spieler, dessen Verbindung abreißt, seinen Platz.</translation>
    </message>
    <message>
        <source>A table name cannot hold “,”, “=” or control characters.</source>
        <translation>Ein Tischname darf kein „,“, „=“ und keine Steuerzeichen enthalten.</translation>
    </message>
    <message>
        <source>Club table</source>
        <translation>Vereinstisch</translation>
    </message>
    <message>
        <source>Computer players</source>
        <translation>Computerspieler</translation>
    </message>
    <message>
        <source>Fo&amp;ur players</source>
        <translation>&amp;Vier Spieler</translation>
    </message>
    <message>
        <source>Friends on the same network find the table under Game → Join a table…, or type this computer&apos;s address and the port.</source>
        <translation>Freunde im selben Netz finden den Tisch unter Spiel → Tisch im Netz suchen… oder geben die Adresse dieses Computers und den Port ein.</translation>
    </message>
    <message>
        <source>Host a table</source>
        <translation>Tisch im Netz anbieten</translation>
    </message>
    <message>
        <source>On the network</source>
        <translation>Im Netz</translation>
    </message>
    <message>
        <source>P&amp;ort:</source>
        <translation>P&amp;ort:</translation>
    </message>
    <message>
        <source>Players:</source>
        <translation>Spieler:</translation>
    </message>
    <message>
        <source>Please enter your name.</source>
        <translation type="vanished">Bitte geben Sie Ihren Namen ein.</translation>
    </message>
    <message>
        <source>Please give the table a name.</source>
        <translation>Bitte geben Sie dem Tisch einen Namen.</translation>
    </message>
    <message>
        <source>Seat &amp;%1:</source>
        <translation>Platz &amp;%1:</translation>
    </message>
    <message>
        <source>Seat &amp;kept after a drop:</source>
        <translation>Platz &amp;bleibt nach Abbruch:</translation>
    </message>
    <message>
        <source>Seat 1:</source>
        <translation>Platz 1:</translation>
    </message>
    <message>
        <source>The deal waits for a player whose connection dropped; after this time a computer plays for him until he is back.</source>
        <translation>Das Spiel wartet auf einen Spieler, dessen Verbindung abgerissen ist; nach dieser Zeit spielt ein Computer für ihn, bis er zurück ist.</translation>
    </message>
    <message>
        <source>The table</source>
        <translation>Der Tisch</translation>
    </message>
    <message>
        <source>These rules are not played at a table of %1.</source>
        <translation>Nach diesen Regeln spielt man nicht zu %1.</translation>
    </message>
    <message>
        <source>Thr&amp;ee players</source>
        <translation>&amp;Drei Spieler</translation>
    </message>
    <message>
        <source>Your &amp;name:</source>
        <translation>Ihr &amp;Name:</translation>
    </message>
    <message>
        <source>Your name cannot hold control characters.</source>
        <translation type="vanished">Ihr Name darf keine Steuerzeichen enthalten.</translation>
    </message>
    <message>
        <source>a player from the network</source>
        <translation>ein Spieler aus dem Netz</translation>
    </message>
    <message>
        <source>after</source>
        <translation>nach</translation>
    </message>
    <message>
        <source>any &amp;free port</source>
        <translation>beliebiger &amp;freier Port</translation>
    </message>
    <message>
        <source>computer: %1</source>
        <translation>Computer: %1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keins</translation>
    </message>
    <message>
        <source>you (%1)</source>
        <translation>Sie (%1)</translation>
    </message>
</context>
<context>
    <name>HostProcess</name>
    <message>
        <source>another host is already serving from the database %1</source>
        <translation>ein anderer Gastgeber nutzt bereits die Datenbank %1</translation>
    </message>
    <message>
        <source>cannot listen on %1: %2</source>
        <translation>auf %1 können keine Verbindungen angenommen werden: %2</translation>
    </message>
    <message>
        <source>the database %1 cannot be locked: %2</source>
        <translation>die Datenbank %1 kann nicht gesperrt werden: %2</translation>
    </message>
    <message>
        <source>the host did not start within %1 s</source>
        <translation>der Gastgeber ist nicht innerhalb von %1 s gestartet</translation>
    </message>
    <message>
        <source>the host ended (exit status %1)</source>
        <translation>der Gastgeber wurde beendet (Exit-Status %1)</translation>
    </message>
    <message>
        <source>the host stopped with an error (%1)</source>
        <translation>der Gastgeber wurde mit einem Fehler beendet (%1)</translation>
    </message>
    <message>
        <source>the program %1 cannot be started</source>
        <translation>das Programm %1 kann nicht gestartet werden</translation>
    </message>
</context>
<context>
    <name>InterjectionPanel</name>
    <message>
        <source>%1. Say %2?</source>
        <translation>%1. %2 sagen?</translation>
    </message>
    <message>
        <source>&amp;Kontra</source>
        <translation>&amp;Kontra</translation>
    </message>
    <message>
        <source>&amp;No</source>
        <translation>&amp;Nein</translation>
    </message>
</context>
<context>
    <name>JoinDialog</name>
    <message>
        <source>&amp;Address (host:port):</source>
        <translation>&amp;Adresse (Host:Port):</translation>
    </message>
    <message>
        <source>&amp;Connect</source>
        <translation>&amp;Verbinden</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Adresse</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>Verbinde mit %1…</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>Gastgeber</translation>
    </message>
    <message>
        <source>Join a table</source>
        <translation>Tisch im Netz suchen</translation>
    </message>
    <message>
        <source>No connection to %1: %2</source>
        <translation>Keine Verbindung zu %1: %2</translation>
    </message>
    <message>
        <source>Open seats</source>
        <translation>Freie Plätze</translation>
    </message>
    <message>
        <source>Please enter your name.</source>
        <translation type="vanished">Bitte geben Sie Ihren Namen ein.</translation>
    </message>
    <message>
        <source>Searching… (a host may take a few seconds)</source>
        <translation>Suche… (ein Gastgeber kann ein paar Sekunden brauchen)</translation>
    </message>
    <message>
        <source>Tables</source>
        <translation>Tische</translation>
    </message>
    <message>
        <source>Tables on this network</source>
        <translation>Tische in diesem Netz</translation>
    </message>
    <message>
        <source>Tables on this network:</source>
        <translation>Tische in diesem Netz:</translation>
    </message>
    <message>
        <source>This computer cannot search the network: type the host&apos;s address.</source>
        <translation>Dieser Computer kann das Netz nicht durchsuchen: Geben Sie die Adresse des Gastgebers ein.</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>Version</translation>
    </message>
    <message>
        <source>Your &amp;name:</source>
        <translation>Ihr &amp;Name:</translation>
    </message>
    <message>
        <source>compatible</source>
        <translation>passt</translation>
    </message>
    <message>
        <source>e.g. 192.168.1.20:55123</source>
        <translation>z. B. 192.168.1.20:55123</translation>
    </message>
    <message>
        <source>other version (%1)</source>
        <translation>andere Version (%1)</translation>
    </message>
</context>
<context>
    <name>Lan</name>
    <message>
        <source>It is not your turn.</source>
        <translation>Sie sind nicht am Zug.</translation>
    </message>
    <message>
        <source>Not now: chat waits until the deal is over.</source>
        <translation>Jetzt nicht: geplaudert wird erst nach dem Spiel.</translation>
    </message>
    <message>
        <source>Please enter your name.</source>
        <translation>Bitte geben Sie Ihren Namen ein.</translation>
    </message>
    <message>
        <source>Sit down or watch first.</source>
        <translation>Nehmen Sie zuerst Platz oder schauen Sie zu.</translation>
    </message>
    <message>
        <source>That seat is taken: choose another one.</source>
        <translation>Der Platz ist besetzt: Wählen Sie einen anderen.</translation>
    </message>
    <message>
        <source>That table is no longer there.</source>
        <translation>Diesen Tisch gibt es nicht mehr.</translation>
    </message>
    <message>
        <source>The host cannot save the table just now: play waits until it can.</source>
        <translation>Der Gastgeber kann den Tisch gerade nicht speichern: das Spiel wartet, bis er es kann.</translation>
    </message>
    <message>
        <source>The host closed the connection: nothing arrived in time.</source>
        <translation>Der Gastgeber hat die Verbindung beendet: es kam nichts rechtzeitig an.</translation>
    </message>
    <message>
        <source>The host could not handle that; nothing changed.</source>
        <translation>Der Gastgeber konnte das nicht bearbeiten; nichts hat sich geändert.</translation>
    </message>
    <message>
        <source>The host could not read what was sent; nothing changed.</source>
        <translation>Der Gastgeber konnte die Nachricht nicht lesen; nichts hat sich geändert.</translation>
    </message>
    <message>
        <source>The host did not accept that (a name or text it cannot take).</source>
        <translation>Der Gastgeber hat das nicht angenommen (einen Namen oder Text, den er nicht nehmen kann).</translation>
    </message>
    <message>
        <source>The host expected a greeting first: connect again.</source>
        <translation>Der Gastgeber hat zuerst einen Gruß erwartet: Verbinden Sie sich neu.</translation>
    </message>
    <message>
        <source>The host is busy: try again in a moment.</source>
        <translation>Der Gastgeber ist ausgelastet: Versuchen Sie es gleich noch einmal.</translation>
    </message>
    <message>
        <source>The host plays another version of Skat (protocol %1, this one %2).</source>
        <translation>Der Gastgeber spielt eine andere Skat-Version (Protokoll %1, hier %2).</translation>
    </message>
    <message>
        <source>The host refused that.</source>
        <translation>Der Gastgeber hat das abgelehnt.</translation>
    </message>
    <message>
        <source>The port must be a number from 1 to 65535.</source>
        <translation>Der Port muss eine Zahl von 1 bis 65535 sein.</translation>
    </message>
    <message>
        <source>The rules do not allow that.</source>
        <translation>Das erlauben die Regeln nicht.</translation>
    </message>
    <message>
        <source>The rules do not allow that: %1</source>
        <translation>Das erlauben die Regeln nicht: %1</translation>
    </message>
    <message>
        <source>The table has no room for another player or watcher.</source>
        <translation>Am Tisch ist kein Platz mehr für einen Spieler oder Zuschauer.</translation>
    </message>
    <message>
        <source>The table moved on meanwhile: look again.</source>
        <translation>Der Tisch ist inzwischen weiter: Schauen Sie noch einmal hin.</translation>
    </message>
    <message>
        <source>There is no such seat at this table.</source>
        <translation>Diesen Platz gibt es an diesem Tisch nicht.</translation>
    </message>
    <message>
        <source>Too many messages: please slow down.</source>
        <translation>Zu viele Nachrichten: bitte langsamer.</translation>
    </message>
    <message>
        <source>Type the host&apos;s address, e.g. 192.168.1.20:55123.</source>
        <translation>Geben Sie die Adresse des Gastgebers ein, z. B. 192.168.1.20:55123.</translation>
    </message>
    <message>
        <source>Wrong password for this table.</source>
        <translation>Falsches Passwort für diesen Tisch.</translation>
    </message>
    <message>
        <source>You are at this table already.</source>
        <translation>Sie sind schon an diesem Tisch.</translation>
    </message>
    <message>
        <source>Your name cannot hold control characters.</source>
        <translation>Ihr Name darf keine Steuerzeichen enthalten.</translation>
    </message>
    <message>
        <source>Your old seat could not be given back; choose a seat.</source>
        <translation>Ihr alter Platz konnte nicht zurückgegeben werden; wählen Sie einen Platz.</translation>
    </message>
    <message>
        <source>“%1” is not an address.</source>
        <translation>„%1“ ist keine Adresse.</translation>
    </message>
</context>
<context>
    <name>LanLink</name>
    <message>
        <source>Your copy of deal %1 could not be kept: %2</source>
        <translation>Ihre Kopie von Spiel %1 konnte nicht gespeichert werden: %2</translation>
    </message>
    <message>
        <source>another program answers at that address, not a Skat host</source>
        <translation>unter dieser Adresse antwortet ein anderes Programm, kein Skat-Gastgeber</translation>
    </message>
    <message>
        <source>join a table first</source>
        <translation>setzen Sie sich zuerst an einen Tisch</translation>
    </message>
    <message>
        <source>no answer from a Skat host at that address</source>
        <translation>unter dieser Adresse antwortet kein Skat-Gastgeber</translation>
    </message>
    <message>
        <source>no answer from the host</source>
        <translation>keine Antwort vom Gastgeber</translation>
    </message>
    <message>
        <source>no computer of that name was found</source>
        <translation>kein Rechner mit diesem Namen gefunden</translation>
    </message>
    <message>
        <source>nobody answers at that address</source>
        <translation>unter dieser Adresse antwortet niemand</translation>
    </message>
    <message>
        <source>the connection failed</source>
        <translation>die Verbindung ist fehlgeschlagen</translation>
    </message>
    <message>
        <source>the connection was closed</source>
        <translation>die Verbindung wurde beendet</translation>
    </message>
    <message>
        <source>the connection was lost</source>
        <translation>die Verbindung ist abgerissen</translation>
    </message>
    <message>
        <source>the host closed the connection</source>
        <translation>der Gastgeber hat die Verbindung beendet</translation>
    </message>
    <message>
        <source>the host sent a frame that is too large</source>
        <translation>der Gastgeber hat eine zu große Nachricht geschickt</translation>
    </message>
    <message>
        <source>the host shut down</source>
        <translation>der Gastgeber hat den Tisch geschlossen</translation>
    </message>
    <message>
        <source>the host stopped answering</source>
        <translation>der Gastgeber antwortet nicht mehr</translation>
    </message>
    <message>
        <source>the network is not reachable</source>
        <translation>das Netz ist nicht erreichbar</translation>
    </message>
</context>
<context>
    <name>LanPlay</name>
    <message numerus="yes">
        <source>%n player(s)</source>
        <translation>
            <numerusform>%n Spieler</numerusform>
            <numerusform>%n Spieler</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n watcher(s)</source>
        <translation>
            <numerusform>%n Zuschauer</numerusform>
            <numerusform>%n Zuschauer</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Join a table…</source>
        <translation>Tisch im Netz &amp;suchen…</translation>
    </message>
    <message>
        <source>&amp;Leave it</source>
        <translation>&amp;Verlassen</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Stop hosting</source>
        <translation>Anbieten b&amp;eenden</translation>
    </message>
    <message>
        <source>Connected now: %1.</source>
        <translation>Jetzt verbunden: %1.</translation>
    </message>
    <message>
        <source>Friends on this network join with Game → Join a table…, or by typing one of these addresses.</source>
        <translation>Freunde in diesem Netz kommen über Spiel → Tisch im Netz suchen… dazu oder geben eine dieser Adressen ein.</translation>
    </message>
    <message>
        <source>H&amp;ost a table…</source>
        <translation>Tisch im Netz &amp;anbieten…</translation>
    </message>
    <message>
        <source>Hosting</source>
        <translation>Gastgeber</translation>
    </message>
    <message>
        <source>Hosting on %1</source>
        <translation>Im Netz unter %1</translation>
    </message>
    <message>
        <source>It is saved: you can continue it at the next start.</source>
        <translation>Sie ist gespeichert: Sie können sie beim nächsten Start fortsetzen.</translation>
    </message>
    <message>
        <source>Join its tables at 127.0.0.1:%1 with Game → Join a table…, or stop that host first.</source>
        <translation>Setzen Sie sich unter 127.0.0.1:%1 mit Spiel → Tisch im Netz suchen… an seine Tische, oder beenden Sie zuerst diesen Gastgeber.</translation>
    </message>
    <message>
        <source>Leave the series at the table to play on the network?</source>
        <translation>Die Liste am Tisch verlassen, um im Netz zu spielen?</translation>
    </message>
    <message>
        <source>Nobody can play at it until you host it again; it continues then.</source>
        <translation>Niemand kann dort spielen, bis Sie ihn wieder anbieten; dann geht es weiter.</translation>
    </message>
    <message>
        <source>Players connected now: %1.</source>
        <translation type="vanished">Jetzt verbunden: %1.</translation>
    </message>
    <message>
        <source>Quit and stop hosting the table?</source>
        <translation>Beenden und den Tisch nicht mehr anbieten?</translation>
    </message>
    <message>
        <source>Skat</source>
        <translation>Skat</translation>
    </message>
    <message>
        <source>Starting the host…</source>
        <translation>Der Tisch wird eröffnet…</translation>
    </message>
    <message>
        <source>Stop hosting the table?</source>
        <translation>Den Tisch nicht mehr anbieten?</translation>
    </message>
    <message>
        <source>Stop it and &amp;host here</source>
        <translation>Beenden und hier &amp;anbieten</translation>
    </message>
    <message>
        <source>Stop that host and host here? Its tables are kept and continue. (Or join them at 127.0.0.1:%1 with Game → Join a table….)</source>
        <translation>Diesen Gastgeber beenden und die Tische hier anbieten? Sie bleiben erhalten und gehen weiter. (Oder setzen Sie sich unter 127.0.0.1:%1 mit Spiel → Tisch im Netz suchen… an sie.)</translation>
    </message>
    <message>
        <source>Stop that host first, or join its tables with Game → Join a table…</source>
        <translation>Beenden Sie zuerst diesen Gastgeber, oder setzen Sie sich mit Spiel → Tisch im Netz suchen… an seine Tische.</translation>
    </message>
    <message>
        <source>The host stopped: %1</source>
        <translation>Der Tisch im Netz wurde beendet: %1</translation>
    </message>
    <message>
        <source>The table could not be hosted: %1</source>
        <translation>Der Tisch konnte nicht angeboten werden: %1</translation>
    </message>
    <message>
        <source>The table could not be hosted: the earlier host (process %1) has not stopped yet. Try again in a moment.</source>
        <translation>Der Tisch konnte nicht angeboten werden: der frühere Gastgeber (Prozess %1) hat noch nicht aufgehört. Versuchen Sie es gleich noch einmal.</translation>
    </message>
    <message>
        <source>You host this table. Friends join at %1</source>
        <translation>Sie sind Gastgeber dieses Tischs. Freunde kommen dazu über %1</translation>
    </message>
    <message>
        <source>Your tables are still hosted by a Skat window that has ended.</source>
        <translation>Ihre Tische werden noch von einem Skat-Fenster angeboten, das beendet wurde.</translation>
    </message>
    <message>
        <source>connected: %1</source>
        <translation>verbunden: %1</translation>
    </message>
    <message>
        <source>your table (%1)</source>
        <translation>Ihr Tisch (%1)</translation>
    </message>
</context>
<context>
    <name>LicenceViewer</name>
    <message>
        <source>Licence</source>
        <translation>Lizenz</translation>
    </message>
</context>
<context>
    <name>Lobby</name>
    <message>
        <source>%1 (watching)</source>
        <translation>%1 (schaut zu)</translation>
    </message>
    <message>
        <source>%1 (you)</source>
        <translation>%1 (Sie)</translation>
    </message>
    <message>
        <source>%1 of %2 deals</source>
        <translation>%1 von %2 Spielen</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>&amp;Schließen</translation>
    </message>
    <message>
        <source>&amp;Leave the table</source>
        <translation>Tisch &amp;verlassen</translation>
    </message>
    <message>
        <source>&amp;Sit here</source>
        <translation>&amp;Hier hinsetzen</translation>
    </message>
    <message>
        <source>&amp;Watch</source>
        <translation>&amp;Zuschauen</translation>
    </message>
    <message>
        <source>A chat line is plain text of at most 300 characters.</source>
        <translation>Eine Chatzeile ist einfacher Text mit höchstens 300 Zeichen.</translation>
    </message>
    <message>
        <source>Chat:</source>
        <translation>Chat:</translation>
    </message>
    <message>
        <source>Connected to %1. Choose a table and a seat, or watch.</source>
        <translation>Verbunden mit %1. Wählen Sie Tisch und Platz oder schauen Sie zu.</translation>
    </message>
    <message>
        <source>Connected.</source>
        <translation>Verbunden.</translation>
    </message>
    <message>
        <source>Connection</source>
        <translation>Verbindung</translation>
    </message>
    <message>
        <source>Host gone (%1) — trying again…</source>
        <translation>Gastgeber weg (%1) — neuer Versuch…</translation>
    </message>
    <message>
        <source>Joining…</source>
        <translation>Setze mich…</translation>
    </message>
    <message>
        <source>Lobby — %1</source>
        <translation>Tische — %1</translation>
    </message>
    <message>
        <source>No password given: not seated.</source>
        <translation>Kein Passwort angegeben: nicht hingesetzt.</translation>
    </message>
    <message>
        <source>Password</source>
        <translation>Passwort</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>Spieler</translation>
    </message>
    <message>
        <source>Rules</source>
        <translation>Regeln</translation>
    </message>
    <message>
        <source>S&amp;end</source>
        <translation>S&amp;enden</translation>
    </message>
    <message>
        <source>Seat</source>
        <translation>Platz</translation>
    </message>
    <message>
        <source>Seats at the chosen table:</source>
        <translation>Plätze am gewählten Tisch:</translation>
    </message>
    <message>
        <source>Series</source>
        <translation>Liste</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Stand</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>Tisch</translation>
    </message>
    <message>
        <source>Table password</source>
        <translation>Tischpasswort</translation>
    </message>
    <message>
        <source>Tables:</source>
        <translation>Tische:</translation>
    </message>
    <message>
        <source>The connection to the host has ended (%1).</source>
        <translation>Die Verbindung zum Gastgeber ist beendet (%1).</translation>
    </message>
    <message>
        <source>The series begins when every seat is taken.</source>
        <translation>Die Liste beginnt, sobald jeder Platz besetzt ist.</translation>
    </message>
    <message>
        <source>The series is over.</source>
        <translation>Die Liste ist zu Ende.</translation>
    </message>
    <message>
        <source>The series is under way: %1 of %2 deals played.</source>
        <translation>Die Liste läuft: %1 von %2 Spielen gespielt.</translation>
    </message>
    <message>
        <source>The table “%1” has a password:</source>
        <translation>Der Tisch „%1“ hat ein Passwort:</translation>
    </message>
    <message>
        <source>Watch the table: you see what is played openly.</source>
        <translation>Dem Tisch zuschauen: Sie sehen, was offen gespielt wird.</translation>
    </message>
    <message>
        <source>Watching</source>
        <translation>Zuschauer</translation>
    </message>
    <message>
        <source>Who</source>
        <translation>Wer</translation>
    </message>
    <message>
        <source>You are watching “%1”.</source>
        <translation>Sie schauen „%1“ zu.</translation>
    </message>
    <message>
        <source>You sat at seat %2 of “%1”; that table is no longer there.</source>
        <translation>Sie saßen auf Platz %2 an „%1“; diesen Tisch gibt es nicht mehr.</translation>
    </message>
    <message>
        <source>You sit at seat %1 of “%2”.</source>
        <translation>Sie sitzen auf Platz %1 an „%2“.</translation>
    </message>
    <message>
        <source>You sit at seat %1 of “%2”. The series begins when every seat is taken.</source>
        <translation type="vanished">Sie sitzen auf Platz %1 an „%2“. Die Liste beginnt, sobald jeder Platz besetzt ist.</translation>
    </message>
    <message>
        <source>You watched “%1”; that table is no longer there.</source>
        <translation>Sie haben „%1“ zugeschaut; diesen Tisch gibt es nicht mehr.</translation>
    </message>
    <message>
        <source>a line for everyone</source>
        <translation>eine Zeile für alle</translation>
    </message>
    <message>
        <source>away</source>
        <translation>weg</translation>
    </message>
    <message>
        <source>computer: %1</source>
        <translation>Computer: %1</translation>
    </message>
    <message>
        <source>connected</source>
        <translation>verbunden</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>beendet</translation>
    </message>
    <message>
        <source>open seat</source>
        <translation>freier Platz</translation>
    </message>
    <message>
        <source>player</source>
        <translation>Spieler</translation>
    </message>
    <message>
        <source>playing</source>
        <translation>wird gespielt</translation>
    </message>
    <message>
        <source>seat %1</source>
        <translation>Platz %1</translation>
    </message>
    <message>
        <source>waiting for players</source>
        <translation>wartet auf Spieler</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>you</source>
        <translation>Sie</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source> and </source>
        <translation> und </translation>
    </message>
    <message>
        <source>%1 %2, saved %3</source>
        <translation>%1 %2, gespeichert %3</translation>
    </message>
    <message>
        <source>%1 %2, started %3, saved %4</source>
        <translation>%1 %2, begonnen %3, gespeichert %4</translation>
    </message>
    <message>
        <source>%1 (%2) against %3.</source>
        <translation>%1 (%2) gegen %3.</translation>
    </message>
    <message>
        <source>%1 agreed: the game is given up</source>
        <translation>%1 hat zugestimmt: Das Spiel ist aufgegeben</translation>
    </message>
    <message>
        <source>%1 concedes; waiting for %2 to agree…</source>
        <translation>%1 gibt auf; warten, bis %2 zustimmt…</translation>
    </message>
    <message>
        <source>%1 deals</source>
        <translation>%1 Spiele</translation>
    </message>
    <message>
        <source>%1 did not agree: play on</source>
        <translation>%1 hat nicht zugestimmt: Es wird weitergespielt</translation>
    </message>
    <message>
        <source>%1 finished deal(s) could not be saved in the score sheets yet.</source>
        <translation>%1 beendete(s) Spiel(e) konnte(n) noch nicht in den Spiellisten gespeichert werden.</translation>
    </message>
    <message>
        <source>%1 is away</source>
        <translation>%1 ist nicht da</translation>
    </message>
    <message>
        <source>%1 is not a player the table knows.</source>
        <translation>%1 ist kein Spieler, den der Tisch kennt.</translation>
    </message>
    <message>
        <source>%1 is thinking…</source>
        <translation>%1 überlegt…</translation>
    </message>
    <message>
        <source>%1 may not be played now: follow suit with a bright card.</source>
        <translation>%1 darf jetzt nicht gespielt werden: Bedienen Sie mit einer hellen Karte.</translation>
    </message>
    <message>
        <source>%1 of %2 seated</source>
        <translation>%1 von %2 am Tisch</translation>
    </message>
    <message>
        <source>%1 plays %2</source>
        <translation>%1 spielt %2</translation>
    </message>
    <message>
        <source>%1 — Skat</source>
        <translation>%1 — Skat</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>&amp;About Skat</source>
        <translation>Über &amp;Skat</translation>
    </message>
    <message>
        <source>&amp;Animation speed</source>
        <translation>&amp;Animationstempo</translation>
    </message>
    <message>
        <source>&amp;Colour scheme</source>
        <translation>&amp;Farbschema</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>&amp;Dunkel</translation>
    </message>
    <message>
        <source>&amp;Deck…</source>
        <translation>&amp;Kartenbild…</translation>
    </message>
    <message>
        <source>&amp;Discard</source>
        <translation>&amp;Verwerfen</translation>
    </message>
    <message>
        <source>&amp;Game</source>
        <translation>&amp;Spiel</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;Hint (practice)</source>
        <translation>&amp;Tipp (Übungstisch)</translation>
    </message>
    <message>
        <source>&amp;Last trick</source>
        <translation>&amp;Letzter Stich</translation>
    </message>
    <message>
        <source>&amp;Leave the table</source>
        <translation>Tisch &amp;verlassen</translation>
    </message>
    <message>
        <source>&amp;Leave the table…</source>
        <translation>Tisch &amp;verlassen…</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>&amp;Hell</translation>
    </message>
    <message>
        <source>&amp;Manually (drag cards)</source>
        <translation>&amp;Von Hand (Karten ziehen)</translation>
    </message>
    <message>
        <source>&amp;New game</source>
        <translation>&amp;Neues Spiel</translation>
    </message>
    <message>
        <source>&amp;New game…</source>
        <translation>&amp;Neues Spiel…</translation>
    </message>
    <message>
        <source>&amp;Open cards (practice)</source>
        <translation>Karten &amp;offen (Übungstisch)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Replay this deal (practice)…</source>
        <translation>Spiel &amp;wiederholen (Übungstisch)…</translation>
    </message>
    <message>
        <source>&amp;Save again</source>
        <translation>&amp;Erneut speichern</translation>
    </message>
    <message>
        <source>&amp;Sort hand</source>
        <translation>Blatt &amp;sortieren</translation>
    </message>
    <message>
        <source>&amp;System</source>
        <translation>&amp;System</translation>
    </message>
    <message>
        <source>&amp;System language</source>
        <translation>&amp;Systemsprache</translation>
    </message>
    <message>
        <source>&amp;Take back card (practice)</source>
        <translation>Karte &amp;zurücknehmen (Übungstisch)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>A deal can be replayed once it is over.</source>
        <translation>Ein Spiel kann wiederholt werden, sobald es zu Ende ist.</translation>
    </message>
    <message>
        <source>A free series</source>
        <translation>Eine freie Serie</translation>
    </message>
    <message>
        <source>Abandon the series %1?</source>
        <translation>Die Serie %1 aufgeben?</translation>
    </message>
    <message>
        <source>Agree, or play on</source>
        <translation>Zustimmen oder weiterspielen</translation>
    </message>
    <message>
        <source>Another program is writing to the database; the score sheets are saved as soon as it has finished.</source>
        <translation>Ein anderes Programm schreibt gerade in die Datenbank; die Spiellisten werden gespeichert, sobald es fertig ist.</translation>
    </message>
    <message>
        <source>Back at the table.</source>
        <translation>Wieder am Tisch.</translation>
    </message>
    <message>
        <source>By &amp;game (trumps first)</source>
        <translation>Nach &amp;Spiel (Trümpfe zuerst)</translation>
    </message>
    <message>
        <source>Change the game</source>
        <translation>Spiel ändern</translation>
    </message>
    <message>
        <source>Close the game log</source>
        <translation>Spielverlauf schließen</translation>
    </message>
    <message>
        <source>Close the game log (View → Game log opens it again)</source>
        <translation>Spielverlauf schließen (Ansicht → Spielverlauf öffnet ihn wieder)</translation>
    </message>
    <message>
        <source>Copy a rule profile and change its options</source>
        <translation>Ein Regelprofil kopieren und seine Regeln ändern</translation>
    </message>
    <message>
        <source>Deal %1</source>
        <translation>Spiel %1</translation>
    </message>
    <message>
        <source>Deal %1 NOT verified</source>
        <translation>Spiel %1 NICHT geprüft</translation>
    </message>
    <message>
        <source>Deal %1 not checked</source>
        <translation>Spiel %1 nicht geprüft</translation>
    </message>
    <message>
        <source>Deal %1 of %2</source>
        <translation>Spiel %1 von %2</translation>
    </message>
    <message>
        <source>Deal %1 verified</source>
        <translation>Spiel %1 geprüft</translation>
    </message>
    <message>
        <source>Deal %1 was NOT verified: %2</source>
        <translation>Spiel %1 ließ sich NICHT prüfen: %2</translation>
    </message>
    <message>
        <source>Ga&amp;me log</source>
        <translation>Spielverla&amp;uf</translation>
    </message>
    <message>
        <source>Game log</source>
        <translation>Spielverlauf</translation>
    </message>
    <message>
        <source>German lette&amp;rs on French cards (B, D, K, A)</source>
        <translation>Deutsche &amp;Buchstaben auf französischen Karten (B, D, K, A)</translation>
    </message>
    <message>
        <source>Hand game</source>
        <translation>Handspiel</translation>
    </message>
    <message>
        <source>Hint: %1 — %2</source>
        <translation>Tipp: %1 — %2</translation>
    </message>
    <message>
        <source>Histor&amp;y</source>
        <translation>&amp;Verlauf</translation>
    </message>
    <message>
        <source>History</source>
        <translation>Verlauf</translation>
    </message>
    <message>
        <source>Host gone — trying again…</source>
        <translation>Gastgeber weg – neuer Versuch…</translation>
    </message>
    <message>
        <source>Host not saving</source>
        <translation>Gastgeber speichert nicht</translation>
    </message>
    <message>
        <source>It is not saved for later: it cannot be continued.</source>
        <translation>Sie wird nicht für später gespeichert: Sie kann nicht fortgesetzt werden.</translation>
    </message>
    <message>
        <source>Its finished deals stay on the score sheet; it will not be offered to continue.</source>
        <translation>Ihre beendeten Spiele bleiben auf der Spielliste; sie wird nicht mehr zum Fortsetzen angeboten.</translation>
    </message>
    <message>
        <source>Lan&amp;guage</source>
        <translation>Sp&amp;rache</translation>
    </message>
    <message>
        <source>Last trick, taken by %1 (click or Esc to close)</source>
        <translation>Letzter Stich, gemacht von %1 (Klick oder Esc schließt)</translation>
    </message>
    <message>
        <source>Leave the series %1?</source>
        <translation>Die Serie %1 verlassen?</translation>
    </message>
    <message>
        <source>Leave the table %1?</source>
        <translation>Den Tisch %1 verlassen?</translation>
    </message>
    <message>
        <source>Looking for a good move…</source>
        <translation>Suche einen guten Zug…</translation>
    </message>
    <message>
        <source>Ne&amp;xt deal</source>
        <translation>Nä&amp;chstes Spiel</translation>
    </message>
    <message>
        <source>Not saving: %1</source>
        <translation>Ohne Speichern: %1</translation>
    </message>
    <message>
        <source>Offline</source>
        <translation>Getrennt</translation>
    </message>
    <message>
        <source>Play the same cards again from the seat of:</source>
        <translation>Dieselben Karten noch einmal spielen, vom Platz von:</translation>
    </message>
    <message>
        <source>Replay this deal</source>
        <translation>Spiel wiederholen</translation>
    </message>
    <message>
        <source>Rule &amp;profiles…</source>
        <translation>Regel&amp;profile…</translation>
    </message>
    <message>
        <source>Rule profile “%1” saved: choose it for a new game.</source>
        <translation>Regelprofil „%1“ gespeichert: Wählen Sie es für ein neues Spiel.</translation>
    </message>
    <message>
        <source>Rule profiles are kept in the database, which is not open.</source>
        <translation>Regelprofile werden in der Datenbank gespeichert, die nicht geöffnet ist.</translation>
    </message>
    <message>
        <source>S&amp;ide panels</source>
        <translation>Seitenl&amp;eiste</translation>
    </message>
    <message>
        <source>S&amp;peak played cards</source>
        <translation>&amp;Gespielte Karten vorlesen</translation>
    </message>
    <message>
        <source>S&amp;tatistics</source>
        <translation>S&amp;tatistik</translation>
    </message>
    <message>
        <source>Save again to try once more (the new game starts once they are saved), or discard them: they are lost.</source>
        <translation>Erneut speichern versucht es noch einmal (das neue Spiel beginnt, sobald sie gespeichert sind); verworfene Spiele gehen verloren.</translation>
    </message>
    <message>
        <source>Save again to try once more (the window closes once they are saved), or discard them: they are lost.</source>
        <translation>Erneut speichern versucht es noch einmal (das Fenster schließt sich, sobald sie gespeichert sind); verworfene Spiele gehen verloren.</translation>
    </message>
    <message>
        <source>Save again to try once more, or discard them: they are lost when the window closes.</source>
        <translation>Erneut speichern versucht es noch einmal; verworfene Spiele gehen beim Schließen des Fensters verloren.</translation>
    </message>
    <message>
        <source>Saved.</source>
        <translation>Gespeichert.</translation>
    </message>
    <message>
        <source>Say Kontra, or let it pass</source>
        <translation>Kontra sagen oder weiterspielen lassen</translation>
    </message>
    <message>
        <source>Say each card aloud as it is played, and who takes the trick</source>
        <translation>Jede gespielte Karte laut ansagen, und wer den Stich bekommt</translation>
    </message>
    <message>
        <source>Score s&amp;heet</source>
        <translation>S&amp;pielliste</translation>
    </message>
    <message>
        <source>Score sheet</source>
        <translation>Spielliste</translation>
    </message>
    <message>
        <source>Score sheet and statistics</source>
        <translation>Spielliste und Statistik</translation>
    </message>
    <message>
        <source>Skat</source>
        <translation>Skat</translation>
    </message>
    <message>
        <source>Skat — %1</source>
        <translation type="vanished">Skat — %1</translation>
    </message>
    <message>
        <source>Statistics</source>
        <translation>Statistik</translation>
    </message>
    <message>
        <source>Switch &amp;focus: table or side panel</source>
        <translation>Fokus &amp;wechseln: Tisch oder Seitenleiste</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>Tisch</translation>
    </message>
    <message>
        <source>The cards of deal %1 were dealt fairly: nobody could choose them.</source>
        <translation>Die Karten von Spiel %1 wurden fair gegeben: niemand konnte sie aussuchen.</translation>
    </message>
    <message>
        <source>The database stayed busy (%1); the games are not saved until you press Save again.</source>
        <translation>Die Datenbank blieb belegt (%1); die Spiele werden erst gespeichert, wenn Sie „Erneut speichern“ drücken.</translation>
    </message>
    <message>
        <source>The deal is over</source>
        <translation>Das Spiel ist zu Ende</translation>
    </message>
    <message>
        <source>The host cannot save: the table waits…</source>
        <translation>Der Gastgeber kann nicht speichern: der Tisch wartet…</translation>
    </message>
    <message>
        <source>The host is gone (%1). Trying to reach it again… (try %2)</source>
        <translation>Der Gastgeber ist weg (%1). Neuer Verbindungsversuch … (Versuch %2)</translation>
    </message>
    <message>
        <source>The last trick may not be looked at now.</source>
        <translation>Der letzte Stich darf jetzt nicht angesehen werden.</translation>
    </message>
    <message>
        <source>The rules %1 are not known.</source>
        <translation>Die Regeln %1 sind nicht bekannt.</translation>
    </message>
    <message>
        <source>The score sheets cannot be saved: %1</source>
        <translation>Die Spiellisten können nicht gespeichert werden: %1</translation>
    </message>
    <message>
        <source>The series cannot be continued (%1); its finished deals stay on the score sheet.</source>
        <translation>Die Serie kann nicht fortgesetzt werden (%1); ihre beendeten Spiele bleiben auf der Spielliste.</translation>
    </message>
    <message>
        <source>The series could not be continued now: %1</source>
        <translation>Die Serie konnte jetzt nicht fortgesetzt werden: %1</translation>
    </message>
    <message>
        <source>The series could not be saved (%1); this series is played without saving.</source>
        <translation>Die Serie konnte nicht gespeichert werden (%1); sie wird ohne Speichern gespielt.</translation>
    </message>
    <message>
        <source>The series is over</source>
        <translation>Die Serie ist zu Ende</translation>
    </message>
    <message>
        <source>The table goes on at the host without you (a computer may play your seat); join it again to take your seat back.</source>
        <translation>Der Tisch läuft beim Gastgeber ohne Sie weiter (ein Computer spielt vielleicht Ihren Platz); setzen Sie sich wieder dazu, um Ihren Platz zurückzubekommen.</translation>
    </message>
    <message>
        <source>This series is being played in another window right now; continue it there.</source>
        <translation>Diese Serie wird gerade in einem anderen Fenster gespielt; setzen Sie sie dort fort.</translation>
    </message>
    <message>
        <source>Waiting for %1 to come back…</source>
        <translation>Warten, bis %1 zurück ist…</translation>
    </message>
    <message>
        <source>Waiting for players to take their seats…</source>
        <translation>Warten, bis alle Plätze besetzt sind…</translation>
    </message>
    <message>
        <source>Waiting for the database…</source>
        <translation>Warten auf die Datenbank…</translation>
    </message>
    <message>
        <source>Waiting for the others to be ready…</source>
        <translation>Warten, bis die anderen bereit sind…</translation>
    </message>
    <message>
        <source>You can continue it at the next start.</source>
        <translation>Sie können sie beim nächsten Start fortsetzen.</translation>
    </message>
    <message>
        <source>Your answer is on its way…</source>
        <translation>Ihre Antwort ist unterwegs…</translation>
    </message>
    <message>
        <source>Your seat could not be taken back: %1</source>
        <translation>Ihr Platz konnte nicht zurückgegeben werden: %1</translation>
    </message>
    <message>
        <source>Your turn</source>
        <translation>Sie sind dran</translation>
    </message>
    <message>
        <source>Your turn: bid, hold or pass</source>
        <translation>Sie sind dran: reizen, halten oder passen</translation>
    </message>
    <message>
        <source>Your turn: declare the game</source>
        <translation>Sie sind dran: Spiel ansagen</translation>
    </message>
    <message>
        <source>Your turn: play a card</source>
        <translation>Sie sind dran: Karte spielen</translation>
    </message>
    <message>
        <source>Your turn: put two cards into the skat</source>
        <translation>Sie sind dran: zwei Karten drücken</translation>
    </message>
    <message>
        <source>against %1</source>
        <translation>gegen %1</translation>
    </message>
    <message>
        <source>deals are missing: the database holds %1, the table had %2</source>
        <translation>Spiele fehlen: Die Datenbank enthält %1, der Tisch hatte %2</translation>
    </message>
    <message>
        <source>it cannot be continued</source>
        <translation>er kann nicht fortgesetzt werden</translation>
    </message>
    <message>
        <source>its series is no longer in the database</source>
        <translation>ihre Serie ist nicht mehr in der Datenbank</translation>
    </message>
    <message>
        <source>no database is open</source>
        <translation>es ist keine Datenbank geöffnet</translation>
    </message>
    <message>
        <source>series %1</source>
        <translation>Serie %1</translation>
    </message>
    <message>
        <source>the database is open for viewing only</source>
        <translation>die Datenbank ist nur zum Ansehen geöffnet</translation>
    </message>
    <message>
        <source>the database stayed busy</source>
        <translation>die Datenbank blieb belegt</translation>
    </message>
    <message>
        <source>the series is closed</source>
        <translation>die Serie ist abgeschlossen</translation>
    </message>
    <message>
        <source>the series is finished</source>
        <translation>die Serie ist beendet</translation>
    </message>
    <message>
        <source>the series went on elsewhere: the database holds %1 deals, the table %2</source>
        <translation>die Serie ging anderswo weiter: Die Datenbank enthält %1 Spiele, der Tisch %2</translation>
    </message>
    <message>
        <source>with %1</source>
        <translation>mit %1</translation>
    </message>
    <message>
        <source>“%1” (deal %2 of %3)</source>
        <translation>„%1“ (Spiel %2 von %3)</translation>
    </message>
    <message>
        <source>“%1” (deal %2)</source>
        <translation>„%1“ (Spiel %2)</translation>
    </message>
    <message>
        <source>“%1”: %2</source>
        <translation>„%1“: %2</translation>
    </message>
</context>
<context>
    <name>MatadorsBox</name>
    <message>
        <source>with %1</source>
        <translation>mit %1</translation>
    </message>
    <message>
        <source>without %1</source>
        <translation>ohne %1</translation>
    </message>
</context>
<context>
    <name>MessageBar</name>
    <message>
        <source>Dismiss</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Save &amp;again</source>
        <translation>&amp;Erneut speichern</translation>
    </message>
</context>
<context>
    <name>NewEveningDialog</name>
    <message>
        <source> cents per point</source>
        <translation> Cent pro Punkt</translation>
    </message>
    <message>
        <source>%1 – table %2</source>
        <translation>%1 – Tisch %2</translation>
    </message>
    <message>
        <source>&amp;Add a table</source>
        <translation>Tisch &amp;hinzufügen</translation>
    </message>
    <message>
        <source>&amp;Create</source>
        <translation>&amp;Anlegen</translation>
    </message>
    <message>
        <source>&amp;Date:</source>
        <translation>&amp;Datum:</translation>
    </message>
    <message>
        <source>&amp;Place:</source>
        <translation>&amp;Ort:</translation>
    </message>
    <message>
        <source>&amp;Rules:</source>
        <translation>&amp;Regeln:</translation>
    </message>
    <message>
        <source>&amp;Stake:</source>
        <translation>&amp;Einsatz:</translation>
    </message>
    <message>
        <source>&amp;Title:</source>
        <translation>&amp;Titel:</translation>
    </message>
    <message>
        <source>Club evening</source>
        <translation>Skatabend</translation>
    </message>
    <message>
        <source>Creating the evening…</source>
        <translation>Der Abend wird angelegt…</translation>
    </message>
    <message>
        <source>Enter three or four players.</source>
        <translation>Drei oder vier Spieler eintragen.</translation>
    </message>
    <message>
        <source>New club evening</source>
        <translation>Neuer Skatabend</translation>
    </message>
    <message>
        <source>Pla&amp;nned deals:</source>
        <translation>&amp;Geplante Spiele:</translation>
    </message>
    <message>
        <source>Please enter a title.</source>
        <translation>Bitte einen Titel eintragen.</translation>
    </message>
    <message>
        <source>These rules are not played at a table of %1.</source>
        <translation>Diese Regeln werden nicht zu %1 gespielt.</translation>
    </message>
    <message>
        <source>no fixed end</source>
        <translation>offenes Ende</translation>
    </message>
    <message>
        <source>no money</source>
        <translation>ohne Geld</translation>
    </message>
    <message>
        <source>“%1” already plays at table %2.</source>
        <translation>„%1“ spielt schon an Tisch %2.</translation>
    </message>
    <message>
        <source>“%1” is at this table twice.</source>
        <translation>„%1“ sitzt zweimal an diesem Tisch.</translation>
    </message>
</context>
<context>
    <name>NewGame</name>
    <message>
        <source>fast</source>
        <translation>schnell</translation>
    </message>
    <message>
        <source>instant</source>
        <translation>sofort</translation>
    </message>
    <message>
        <source>normal</source>
        <translation>normal</translation>
    </message>
    <message>
        <source>slow</source>
        <translation>langsam</translation>
    </message>
    <message>
        <source>very fast</source>
        <translation>sehr schnell</translation>
    </message>
</context>
<context>
    <name>NewGameDialog</name>
    <message>
        <source>%1 deals</source>
        <translation>%1 Spiele</translation>
    </message>
    <message>
        <source>&amp;3 players</source>
        <translation type="vanished">&amp;Drei Spieler</translation>
    </message>
    <message>
        <source>&amp;4 players (the dealer sits out)</source>
        <translation type="vanished">&amp;Vier Spieler (der Geber setzt aus)</translation>
    </message>
    <message>
        <source>&amp;Animation:</source>
        <translation>Anima&amp;tion:</translation>
    </message>
    <message>
        <source>&amp;Cards:</source>
        <translation>&amp;Karten:</translation>
    </message>
    <message>
        <source>&amp;Four players (the dealer sits out)</source>
        <translation>&amp;Vier Spieler (der Geber setzt aus)</translation>
    </message>
    <message>
        <source>&amp;Practice: take back cards, hints, open cards, replay deals</source>
        <translation>&amp;Übungstisch: Karten zurücknehmen, Tipps, offene Karten, Spiele wiederholen</translation>
    </message>
    <message>
        <source>&amp;Rules:</source>
        <translation>&amp;Regeln:</translation>
    </message>
    <message>
        <source>&amp;Series:</source>
        <translation type="vanished">S&amp;erie:</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation>&amp;Starten</translation>
    </message>
    <message>
        <source>&amp;Three players</source>
        <translation>&amp;Drei Spieler</translation>
    </message>
    <message>
        <source>Choose “You” for exactly one seat.</source>
        <translation>Wählen Sie „Sie“ für genau einen Platz.</translation>
    </message>
    <message>
        <source>Computer: %1</source>
        <translation>Computer: %1</translation>
    </message>
    <message>
        <source>New game</source>
        <translation>Neues Spiel</translation>
    </message>
    <message>
        <source>Please enter your name.</source>
        <translation>Bitte geben Sie Ihren Namen ein.</translation>
    </message>
    <message>
        <source>S&amp;eries:</source>
        <translation>S&amp;erie:</translation>
    </message>
    <message>
        <source>Seat &amp;%1:</source>
        <translation>Platz &amp;%1:</translation>
    </message>
    <message>
        <source>Seat 2 sits on your left and plays after you.</source>
        <translation>Platz 2 sitzt links von Ihnen und spielt nach Ihnen.</translation>
    </message>
    <message>
        <source>Table:</source>
        <translation>Tisch:</translation>
    </message>
    <message>
        <source>These rules are not played at a table of %1.</source>
        <translation>Nach diesen Regeln wird nicht zu %1 gespielt.</translation>
    </message>
    <message>
        <source>You</source>
        <translation>Sie</translation>
    </message>
    <message>
        <source>Your &amp;name:</source>
        <translation>Ihr &amp;Name:</translation>
    </message>
    <message>
        <source>free (no fixed end)</source>
        <translation>frei (ohne festes Ende)</translation>
    </message>
</context>
<context>
    <name>NothingSaved</name>
    <message>
        <source>Nothing is saved: the score sheets cannot be opened, so there are no sheets, statistics or deals to show. The games at the table are played without saving.</source>
        <translation>Nichts wird gespeichert: Die Spiellisten können nicht geöffnet werden, daher gibt es keine Listen, Statistiken oder Spiele zu zeigen. Am Tisch wird ohne Speichern gespielt.</translation>
    </message>
    <message>
        <source>Reason: %1</source>
        <translation>Grund: %1</translation>
    </message>
    <message>
        <source>Waiting for the database: another program is writing to it. The score sheets, statistics and deals appear here as soon as it has finished; the games at the table are saved then.</source>
        <translation>Warten auf die Datenbank: Ein anderes Programm schreibt gerade hinein. Spiellisten, Statistiken und Spiele erscheinen hier, sobald es fertig ist; die Spiele am Tisch werden dann gespeichert.</translation>
    </message>
</context>
<context>
    <name>Panels</name>
    <message>
        <source>&amp;Kontra</source>
        <translation>&amp;Kontra</translation>
    </message>
    <message>
        <source>&amp;Re</source>
        <translation>&amp;Re</translation>
    </message>
    <message>
        <source>B&amp;ock</source>
        <translation>B&amp;ock</translation>
    </message>
    <message>
        <source>Hi&amp;rsch</source>
        <translation>Hi&amp;rsch</translation>
    </message>
</context>
<context>
    <name>PlayPanel</name>
    <message>
        <source>&amp;Kontra</source>
        <translation>&amp;Kontra</translation>
    </message>
    <message>
        <source>&amp;Last trick</source>
        <translation>&amp;Letzter Stich</translation>
    </message>
    <message>
        <source>Ask %1 to agree…</source>
        <translation>%1 um Zustimmung bitten…</translation>
    </message>
    <message>
        <source>Change ga&amp;me</source>
        <translation>Spiel &amp;wechseln</translation>
    </message>
    <message>
        <source>Cl&amp;aim the rest</source>
        <translation>Rest &amp;beanspruchen</translation>
    </message>
    <message>
        <source>Give &amp;up</source>
        <translation>Auf&amp;geben</translation>
    </message>
    <message>
        <source>Give &amp;up…</source>
        <translation>Auf&amp;geben…</translation>
    </message>
    <message>
        <source>H&amp;int</source>
        <translation>&amp;Tipp</translation>
    </message>
    <message>
        <source>Late in the game you may give up only if a defender agrees.</source>
        <translation>Spät im Spiel dürfen Sie nur aufgeben, wenn ein Gegenspieler zustimmt.</translation>
    </message>
    <message>
        <source>Nobody can agree just now</source>
        <translation>Gerade kann niemand zustimmen</translation>
    </message>
    <message>
        <source>Really cl&amp;aim?</source>
        <translation>Wirklich &amp;beanspruchen?</translation>
    </message>
    <message>
        <source>Really give &amp;up?</source>
        <translation>Wirklich auf&amp;geben?</translation>
    </message>
    <message>
        <source>Take &amp;back</source>
        <translation>&amp;Zurücknehmen</translation>
    </message>
</context>
<context>
    <name>PlayerStatsDialog</name>
    <message>
        <source>Statistics of %1</source>
        <translation>Statistik von %1</translation>
    </message>
</context>
<context>
    <name>PlayersModel</name>
    <message>
        <source>Last played</source>
        <translation>Zuletzt gespielt</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>Spieler</translation>
    </message>
    <message>
        <source>Series</source>
        <translation>Serien</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>computer</source>
        <translation>Computer</translation>
    </message>
    <message>
        <source>guest</source>
        <translation>Gast</translation>
    </message>
    <message>
        <source>member</source>
        <translation>Mitglied</translation>
    </message>
</context>
<context>
    <name>PlayersView</name>
    <message>
        <source>%1 is marked as a guest.</source>
        <translation>%1 ist jetzt als Gast vermerkt.</translation>
    </message>
    <message>
        <source>%1 is marked as a member.</source>
        <translation>%1 ist jetzt als Mitglied vermerkt.</translation>
    </message>
    <message>
        <source>%1 is now called %2.</source>
        <translation>%1 heißt jetzt %2.</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <source>&amp;Rename</source>
        <translation>&amp;Umbenennen</translation>
    </message>
    <message>
        <source>&amp;Statistics…</source>
        <translation>&amp;Statistik…</translation>
    </message>
    <message>
        <source>A player needs a name.</source>
        <translation>Ein Spieler braucht einen Namen.</translation>
    </message>
    <message>
        <source>Mark as &amp;guest</source>
        <translation>Als &amp;Gast vermerken</translation>
    </message>
    <message>
        <source>Mark as &amp;member</source>
        <translation>Als &amp;Mitglied vermerken</translation>
    </message>
    <message>
        <source>Players</source>
        <translation>Spieler</translation>
    </message>
    <message>
        <source>Saving…</source>
        <translation>Wird gespeichert…</translation>
    </message>
    <message>
        <source>The players cannot be read: %1</source>
        <translation>Die Spieler können nicht gelesen werden: %1</translation>
    </message>
</context>
<context>
    <name>ProfileEditor</name>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1 (built in)</source>
        <translation>%1 (eingebaut)</translation>
    </message>
    <message>
        <source>%1 is the name of a built-in profile; give the copy a new name.</source>
        <translation>%1 ist der Name eines eingebauten Profils; geben Sie der Kopie einen neuen Namen.</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>&amp;Kopieren</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <source>&amp;Profile:</source>
        <translation>&amp;Profil:</translation>
    </message>
    <message>
        <source>&amp;Title:</source>
        <translation>&amp;Titel:</translation>
    </message>
    <message>
        <source>24 under the ISkO and before 1999, 16 in the Texas league; some clubs play Grand at 20.</source>
        <translation>24 nach ISkO und vor 1999, 16 in der Texas-Liga; manche Vereine spielen Grand zu 20.</translation>
    </message>
    <message>
        <source>3 players</source>
        <translation>3 Spieler</translation>
    </message>
    <message>
        <source>4 players</source>
        <translation>4 Spieler</translation>
    </message>
    <message>
        <source>5 players</source>
        <translation>5 Spieler</translation>
    </message>
    <message>
        <source>6 players</source>
        <translation>6 Spieler</translation>
    </message>
    <message>
        <source>A Bock round follows</source>
        <translation>Bockrunde nach</translation>
    </message>
    <message>
        <source>A Grand Hand won</source>
        <translation>Grand Hand gewonnen</translation>
    </message>
    <message>
        <source>A conceded game is scored</source>
        <translation>Ein aufgegebenes Spiel zählt</translation>
    </message>
    <message>
        <source>A declarer who played from the hand and lost pays this many times the game value: 2 under the ISkO, 1 in Texas and before 1999. Null Hand included.</source>
        <translation>Ein verlorenes Handspiel kostet den Alleinspieler so viel mal den Spielwert: 2 nach ISkO, 1 in Texas und vor 1999. Null Hand eingeschlossen.</translation>
    </message>
    <message>
        <source>A declarer who took up the skat and lost pays this many times the game value (2 everywhere).</source>
        <translation>Ein verlorenes Spiel mit Skataufnahme kostet den Alleinspieler so viel mal den Spielwert (überall 2).</translation>
    </message>
    <message>
        <source>A defender who shows his cards claims every remaining trick for his side. This chooses what happens when the claim proves wrong.</source>
        <translation>Ein Gegenspieler, der seine Karten aufdeckt, beansprucht alle restlichen Stiche für seine Partei. Hier wird festgelegt, was gilt, wenn sich das als falsch erweist.</translation>
    </message>
    <message>
        <source>A game lost with exactly 60</source>
        <translation>Spiel mit genau 60 Augen verloren</translation>
    </message>
    <message>
        <source>A game value of 72 or more</source>
        <translation>Spielwert 72 oder mehr</translation>
    </message>
    <message>
        <source>A game value of 96 or more</source>
        <translation>Spielwert 96 oder mehr</translation>
    </message>
    <message>
        <source>A game with Kontra and Re</source>
        <translation>Spiel mit Kontra und Re</translation>
    </message>
    <message>
        <source>A profile name cannot contain spaces.</source>
        <translation>Ein Profilname darf keine Leerzeichen enthalten.</translation>
    </message>
    <message>
        <source>A short name without spaces; the command line chooses profiles by it.</source>
        <translation>Ein kurzer Name ohne Leerzeichen; über ihn wählt die Kommandozeile das Profil.</translation>
    </message>
    <message>
        <source>A stored profile keeps the rules its games were played under. Copy it to make changes.</source>
        <translation>Ein gespeichertes Profil behält die Regeln, nach denen seine Spiele gespielt wurden. Kopieren Sie es, um etwas zu ändern.</translation>
    </message>
    <message>
        <source>A total of three equal digits (111, −444)</source>
        <translation>Stand mit drei gleichen Ziffern (111, −444)</translation>
    </message>
    <message>
        <source>A total that is a multiple of 100</source>
        <translation>Stand ist ein Vielfaches von 100</translation>
    </message>
    <message>
        <source>After trick 1, before the second card of trick 2 (Texas)</source>
        <translation>Nach dem 1. Stich, vor der zweiten Karte des 2. Stichs (Texas)</translation>
    </message>
    <message>
        <source>All pass and Ramsch</source>
        <translation>Einpassen und Ramsch</translation>
    </message>
    <message>
        <source>Always, won or lost</source>
        <translation>Immer, ob gewonnen oder verloren</translation>
    </message>
    <message>
        <source>Announced levels count</source>
        <translation>Angesagte Stufen zählen</translation>
    </message>
    <message>
        <source>At any time</source>
        <translation>Jederzeit</translation>
    </message>
    <message>
        <source>At the level already reached (ISkO), or as if the other side had taken every card still in play (the rule of some online servers).</source>
        <translation>Mit der bereits erreichten Stufe (ISkO) oder so, als hätte die andere Partei alle noch nicht gespielten Karten bekommen (Regel mancher Online-Server).</translation>
    </message>
    <message>
        <source>At the level reached (ISkO)</source>
        <translation>Mit der erreichten Stufe (ISkO)</translation>
    </message>
    <message>
        <source>Augenramsch: the player with the most card points scores minus that many, and a Durchmarsch (one player takes every trick) scores plus 120. Simple Ramsch: the loser scores minus 10, or 15 with a Jungfrau, and a Durchmarsch minus 20.</source>
        <translation>Augenramsch: Wer die meisten Augen hat, bekommt so viele Punkte abgezogen; ein Durchmarsch (ein Spieler macht alle Stiche) zählt plus 120. Einfacher Ramsch: Der Verlierer bekommt minus 10, mit Jungfrau minus 15, ein Durchmarsch minus 20.</translation>
    </message>
    <message>
        <source>Augenramsch: when checked, the loser&apos;s score is doubled if another player took no trick (Jungfrau).</source>
        <translation>Augenramsch: Wenn angekreuzt, zählt das Ergebnis des Verlierers doppelt, falls ein anderer Spieler keinen Stich gemacht hat (Jungfrau).</translation>
    </message>
    <message>
        <source>Base value doubled (Texas)</source>
        <translation>Grundwert verdoppelt (Texas)</translation>
    </message>
    <message>
        <source>Base value of Grand</source>
        <translation>Grundwert von Grand</translation>
    </message>
    <message>
        <source>Base value of each trump suit: %1 (usually 12, 11, 10, 9). The game value is the base value times the levels, and the bids follow from the game values.</source>
        <translation>Grundwert jeder Trumpffarbe: %1 (üblich 12, 11, 10, 9). Der Spielwert ist der Grundwert mal die Stufen, und die Reizwerte ergeben sich aus den Spielwerten.</translation>
    </message>
    <message>
        <source>Base values of the suits</source>
        <translation>Grundwerte der Farben</translation>
    </message>
    <message>
        <source>Before the defender plays his first card</source>
        <translation>Bevor der Gegenspieler seine erste Karte spielt</translation>
    </message>
    <message>
        <source>Before the first card of the game</source>
        <translation>Vor der ersten Karte des Spiels</translation>
    </message>
    <message>
        <source>Before trick 2, later only with a defender&apos;s consent (ISkO)</source>
        <translation>Vor dem 2. Stich, später nur mit Zustimmung eines Gegenspielers (ISkO)</translation>
    </message>
    <message>
        <source>Bidding and game values</source>
        <translation>Reizen und Spielwerte</translation>
    </message>
    <message>
        <source>Bock rounds</source>
        <translation>Bockrunden</translation>
    </message>
    <message>
        <source>Built-in profiles cannot be changed. Copy one to make your own rules.</source>
        <translation>Eingebaute Profile lassen sich nicht ändern. Kopieren Sie eines, um eigene Regeln festzulegen.</translation>
    </message>
    <message>
        <source>Change the options of your copy, then save it.</source>
        <translation>Ändern Sie die Optionen Ihrer Kopie und speichern Sie sie dann.</translation>
    </message>
    <message>
        <source>Choose at least one table size.</source>
        <translation>Wählen Sie mindestens eine Tischgröße.</translation>
    </message>
    <message>
        <source>Club / pub rules</source>
        <translation>Vereins- und Kneipenregeln</translation>
    </message>
    <message>
        <source>Copy of %1</source>
        <translation>Kopie von %1</translation>
    </message>
    <message>
        <source>Dealt again (before 1999)</source>
        <translation>Es wird neu gegeben (vor 1999)</translation>
    </message>
    <message>
        <source>Declared game may be changed</source>
        <translation>Angesagtes Spiel darf geändert werden</translation>
    </message>
    <message>
        <source>Declarer Schneider with at most</source>
        <translation>Alleinspieler Schneider mit höchstens</translation>
    </message>
    <message>
        <source>Declarer may concede</source>
        <translation>Alleinspieler darf aufgeben</translation>
    </message>
    <message>
        <source>Declarer&apos;s claim proves wrong</source>
        <translation>Alleinspieler kürzt zu Unrecht ab</translation>
    </message>
    <message>
        <source>Declaring, conceding, claiming</source>
        <translation>Ansagen, Aufgeben, Abkürzen</translation>
    </message>
    <message>
        <source>Defender&apos;s claim</source>
        <translation>Abkürzen durch einen Gegenspieler</translation>
    </message>
    <message>
        <source>Doubling up to</source>
        <translation>Verdoppeln bis</translation>
    </message>
    <message>
        <source>Evaluation of a series</source>
        <translation>Wertung einer Serie</translation>
    </message>
    <message>
        <source>Every tied player loses</source>
        <translation>Alle Gleichstehenden verlieren</translation>
    </message>
    <message>
        <source>Fixed values of Null, Null Hand, Null Ouvert and Null Ouvert Hand: 23, 35, 46, 59 under the ISkO; 20, 30, 40, 60 in Texas.</source>
        <translation>Feste Werte von Null, Null Hand, Null Ouvert und Null Ouvert Hand: 23, 35, 46, 59 nach ISkO; 20, 30, 40, 60 in Texas.</translation>
    </message>
    <message>
        <source>Game points only</source>
        <translation>Nur die Spielpunkte</translation>
    </message>
    <message>
        <source>Grand Hand instead of Ramsch</source>
        <translation>Grand Hand statt Ramsch</translation>
    </message>
    <message>
        <source>Grand Ouvert with base 36 (before 1999)</source>
        <translation>Grand Ouvert mit Grundwert 36 (vor 1999)</translation>
    </message>
    <message>
        <source>Hand, Schneider, Ouvert</source>
        <translation>Hand, Schneider, Ouvert</translation>
    </message>
    <message>
        <source>How an open suit or Grand game is valued: one more level on top of Schwarz announced (ISkO), the base value doubled (Texas), or Grand Ouvert at base 36 (before 1999).</source>
        <translation>Wie ein offenes Farb- oder Grandspiel bewertet wird: eine Stufe mehr über Schwarz angesagt (ISkO), doppelter Grundwert (Texas) oder Grand Ouvert mit Grundwert 36 (vor 1999).</translation>
    </message>
    <message>
        <source>How far the doubling may go: after Kontra and Re, Bock and Hirsch double the score again.</source>
        <translation>Wie weit verdoppelt werden darf: Nach Kontra und Re verdoppeln Bock und Hirsch das Ergebnis noch einmal.</translation>
    </message>
    <message>
        <source>How the score sheet is totalled: Seeger-Fabian adds 50 per game won less those lost and 40 or 30 for each game the others lose; Texas match points are similar; or plain game points.</source>
        <translation>Wie die Spielliste abgerechnet wird: Seeger-Fabian gibt 50 für jedes gewonnene abzüglich jedes verlorenen Spiels und 40 oder 30 für jedes Spiel, das die anderen verlieren; Texas-Matchpunkte ähnlich; oder nur die Spielpunkte.</translation>
    </message>
    <message>
        <source>If it fails, the declarer wins the game (Texas)</source>
        <translation>Misslingt es, gewinnt der Alleinspieler das Spiel (Texas)</translation>
    </message>
    <message>
        <source>If it fails, the remaining tricks go to the declarer (ISkO)</source>
        <translation>Misslingt es, bekommt der Alleinspieler die restlichen Stiche (ISkO)</translation>
    </message>
    <message>
        <source>International Skat Order</source>
        <translation>Internationale Skatordnung</translation>
    </message>
    <message>
        <source>Jungfrau doubles</source>
        <translation>Jungfrau zählt doppelt</translation>
    </message>
    <message>
        <source>Kontra (×2)</source>
        <translation>Kontra (×2)</translation>
    </message>
    <message>
        <source>Kontra and Re</source>
        <translation>Kontra und Re</translation>
    </message>
    <message>
        <source>Kontra and Re (×4)</source>
        <translation>Kontra und Re (×4)</translation>
    </message>
    <message>
        <source>Kontra may be said</source>
        <translation>Kontra möglich</translation>
    </message>
    <message>
        <source>Kontra only after bidding 18</source>
        <translation>Kontra nur ab 18 gereizt</translation>
    </message>
    <message>
        <source>Kontra won</source>
        <translation>Kontra gewonnen</translation>
    </message>
    <message>
        <source>Kontra, Re and Bock</source>
        <translation>Kontra, Re und Bock</translation>
    </message>
    <message>
        <source>Kontra, Re and Bock (×8)</source>
        <translation>Kontra, Re und Bock (×8)</translation>
    </message>
    <message>
        <source>Kontra, Re, Bock and Hirsch (×16)</source>
        <translation>Kontra, Re, Bock und Hirsch (×16)</translation>
    </message>
    <message>
        <source>Lost Hand game</source>
        <translation>Verlorenes Handspiel</translation>
    </message>
    <message>
        <source>Lost game after picking up the skat</source>
        <translation>Verlorenes Spiel nach Skataufnahme</translation>
    </message>
    <message>
        <source>Make an editable copy of this profile under a new name.</source>
        <translation>Eine änderbare Kopie dieses Profils unter neuem Namen anlegen.</translation>
    </message>
    <message>
        <source>Match points (Texas)</source>
        <translation>Matchpunkte (Texas)</translation>
    </message>
    <message>
        <source>Match points: when checked, the bonus for playing without more than four matadors is paid for won games only.</source>
        <translation>Matchpunkte: Wenn angekreuzt, gibt es den Bonus für Spiele ohne mehr als vier Spitzen nur bei gewonnenen Spielen.</translation>
    </message>
    <message>
        <source>Minus 10, or 15 with a Jungfrau (simple Ramsch)</source>
        <translation>Minus 10, mit Jungfrau 15 (einfacher Ramsch)</translation>
    </message>
    <message>
        <source>Minus the card points (Augenramsch)</source>
        <translation>Minus die Augen (Augenramsch)</translation>
    </message>
    <message>
        <source>Money per point when a series is settled, in cents. The ISkO allows at most one cent.</source>
        <translation>Geld je Punkt bei der Abrechnung einer Serie, in Cent. Die ISkO erlaubt höchstens einen Cent.</translation>
    </message>
    <message>
        <source>No doubling</source>
        <translation>Kein Verdoppeln</translation>
    </message>
    <message>
        <source>Null</source>
        <translation>Null</translation>
    </message>
    <message>
        <source>Null Hand</source>
        <translation>Null Hand</translation>
    </message>
    <message>
        <source>Null Ouvert</source>
        <translation>Null Ouvert</translation>
    </message>
    <message>
        <source>Null Ouvert Hand</source>
        <translation>Null Ouvert Hand</translation>
    </message>
    <message>
        <source>Official rules before 1999</source>
        <translation>Offizielle Regeln vor 1999</translation>
    </message>
    <message>
        <source>One more level (ISkO)</source>
        <translation>Eine Stufe mehr (ISkO)</translation>
    </message>
    <message>
        <source>Only when reached (before 1999)</source>
        <translation>Nur wenn erreicht (vor 1999)</translation>
    </message>
    <message>
        <source>Passed in: the next player deals</source>
        <translation>Eingepasst: Der Nächste gibt</translation>
    </message>
    <message>
        <source>Penalty for a revoke in Ramsch</source>
        <translation>Strafe für Verleugnen im Ramsch</translation>
    </message>
    <message>
        <source>Play on without penalty (Texas)</source>
        <translation>Weiterspielen ohne Strafe (Texas)</translation>
    </message>
    <message>
        <source>Play on; one trick for the defenders wins them the rest (before 1999)</source>
        <translation>Weiterspielen; ein Stich der Gegenspieler bringt ihnen den Rest (vor 1999)</translation>
    </message>
    <message>
        <source>Played at tables of</source>
        <translation>Gespielt an Tischen mit</translation>
    </message>
    <message>
        <source>Points the offender loses for a revoke or a lead out of turn in a Ramsch (Texas: 30).</source>
        <translation>Punkte, die ein Spieler im Ramsch für Verleugnen oder falsches Ausspielen verliert (Texas: 30).</translation>
    </message>
    <message>
        <source>Ramsch round after each Bock round</source>
        <translation>Ramschrunde nach jeder Bockrunde</translation>
    </message>
    <message>
        <source>Ramsch: the most card points lose</source>
        <translation>Ramsch: Die meisten Augen verlieren</translation>
    </message>
    <message>
        <source>Rating before 1999</source>
        <translation>Wertung vor 1999</translation>
    </message>
    <message>
        <source>Rule profiles</source>
        <translation>Regelprofile</translation>
    </message>
    <message>
        <source>Schieberamsch</source>
        <translation>Schieberamsch</translation>
    </message>
    <message>
        <source>Schneider and Schwarz announced only in Hand</source>
        <translation>Schneider und Schwarz ansagen nur bei Hand</translation>
    </message>
    <message>
        <source>Schneider from declarer&apos;s card points</source>
        <translation>Schneider ab Augen des Alleinspielers</translation>
    </message>
    <message>
        <source>Sections of the rules</source>
        <translation>Abschnitte der Regeln</translation>
    </message>
    <message>
        <source>Seeger-Fabian (ISkO)</source>
        <translation>Seeger-Fabian (ISkO)</translation>
    </message>
    <message>
        <source>Stake per point</source>
        <translation>Einsatz je Punkt</translation>
    </message>
    <message>
        <source>Suit and Grand Ouvert only in Hand</source>
        <translation>Farb- und Grand Ouvert nur bei Hand</translation>
    </message>
    <message>
        <source>Table and score sheet</source>
        <translation>Tisch und Spielliste</translation>
    </message>
    <message>
        <source>Texas Ramsch: the fewest card points win</source>
        <translation>Texas-Ramsch: Die wenigsten Augen gewinnen</translation>
    </message>
    <message>
        <source>Texas State Skat League</source>
        <translation>Texas State Skat League</translation>
    </message>
    <message>
        <source>Texas matador bonus only for won games</source>
        <translation>Texas-Spitzenbonus nur für gewonnene Spiele</translation>
    </message>
    <message>
        <source>The copy needs a name.</source>
        <translation>Die Kopie braucht einen Namen.</translation>
    </message>
    <message>
        <source>The declarer is Schneider himself with this many card points or fewer (usually 30).</source>
        <translation>Mit so vielen Augen oder weniger ist der Alleinspieler selbst Schneider (üblich 30).</translation>
    </message>
    <message>
        <source>The declarer makes the defenders Schneider with at least this many card points: 90 under the ISkO, 91 in Texas.</source>
        <translation>Mit mindestens so vielen Augen spielt der Alleinspieler die Gegenspieler Schneider: 90 nach ISkO, 91 in Texas.</translation>
    </message>
    <message>
        <source>The defenders take all remaining tricks (ISkO)</source>
        <translation>Die Gegenspieler bekommen alle restlichen Stiche (ISkO)</translation>
    </message>
    <message>
        <source>The events that start a Bock round; the totals are the players&apos; running totals on the score sheet.</source>
        <translation>Die Ereignisse, nach denen eine Bockrunde folgt; der Stand ist der laufende Stand eines Spielers auf der Spielliste.</translation>
    </message>
    <message>
        <source>The loser</source>
        <translation>Der Verlierer</translation>
    </message>
    <message>
        <source>The loser scores</source>
        <translation>Der Verlierer bekommt</translation>
    </message>
    <message>
        <source>The numbers of players this profile may be used with. At four or more, the dealer sits out.</source>
        <translation>Mit wie vielen Spielern dieses Profil gespielt werden darf. Ab vier Spielern setzt der Geber aus.</translation>
    </message>
    <message>
        <source>The other side takes the remaining cards</source>
        <translation>Die andere Partei bekommt die restlichen Karten</translation>
    </message>
    <message>
        <source>The skat goes to</source>
        <translation>Der Skat geht an</translation>
    </message>
    <message>
        <source>The tied player who took the later trick loses</source>
        <translation>Wer von den Gleichstehenden den späteren Stich gemacht hat, verliert</translation>
    </message>
    <message>
        <source>The tied players share the loss</source>
        <translation>Die Gleichstehenden teilen sich den Verlust</translation>
    </message>
    <message>
        <source>The title shown on score sheets and in lists.</source>
        <translation>Der Titel auf Spiellisten und in Übersichten.</translation>
    </message>
    <message>
        <source>The winner of the last trick</source>
        <translation>Wer den letzten Stich macht</translation>
    </message>
    <message>
        <source>Tie for the most card points</source>
        <translation>Gleichstand bei den meisten Augen</translation>
    </message>
    <message>
        <source>Until when a defender may say Kontra. Re, Bock and Hirsch must follow before the next card is played.</source>
        <translation>Bis wann ein Gegenspieler Kontra sagen darf. Re, Bock und Hirsch müssen folgen, bevor die nächste Karte gespielt wird.</translation>
    </message>
    <message>
        <source>Value of Ouvert</source>
        <translation>Wert von Ouvert</translation>
    </message>
    <message>
        <source>Values of the Null games</source>
        <translation>Werte der Nullspiele</translation>
    </message>
    <message>
        <source>What happens when nobody bids: the deal is passed in (ISkO), dealt again (before 1999), or played as Ramsch. In Schieberamsch each player may pass the skat on, and every push doubles the result.</source>
        <translation>Was bei einer Einpasse geschieht: Das Spiel ist eingepasst (ISkO), es wird neu gegeben (vor 1999) oder es wird Ramsch gespielt. Beim Schieberamsch darf jeder den Skat weiterschieben, und jedes Schieben verdoppelt das Ergebnis.</translation>
    </message>
    <message>
        <source>What happens when the declarer lays down his cards and claims the rest, but the defenders could still win a trick.</source>
        <translation>Was gilt, wenn der Alleinspieler seine Karten aufdeckt und den Rest beansprucht, die Gegenspieler aber noch einen Stich machen könnten.</translation>
    </message>
    <message>
        <source>When all three pass</source>
        <translation>Wenn alle drei passen</translation>
    </message>
    <message>
        <source>When checked, Schneider and Schwarz may only be announced in a Hand game (ISkO). Unchecked, also after picking up the skat (Texas).</source>
        <translation>Wenn angekreuzt, dürfen Schneider und Schwarz nur im Handspiel angesagt werden (ISkO), sonst auch nach Aufnahme des Skats (Texas).</translation>
    </message>
    <message>
        <source>When checked, a defender may say Kontra and the declarer answer Re; each doubles the score. Not part of the official rules.</source>
        <translation>Wenn angekreuzt, darf ein Gegenspieler Kontra sagen und der Alleinspieler mit Re antworten; beides verdoppelt das Ergebnis. Nicht Teil der offiziellen Regeln.</translation>
    </message>
    <message>
        <source>When checked, an event below starts a Bock round: one round of deals in which every score counts double. Pending rounds queue up.</source>
        <translation>Wenn angekreuzt, folgt auf eines der Ereignisse unten eine Bockrunde: eine Runde, in der jedes Ergebnis doppelt zählt. Ausstehende Bockrunden werden nacheinander gespielt.</translation>
    </message>
    <message>
        <source>When checked, an open suit or Grand game must be played from the hand (ISkO). Unchecked, Ouvert may follow a skat pickup (Texas). Null Ouvert is always allowed after a pickup.</source>
        <translation>Wenn angekreuzt, muss ein offenes Farb- oder Grandspiel aus der Hand gespielt werden (ISkO), sonst ist Ouvert auch nach Skataufnahme erlaubt (Texas). Null Ouvert ist nach Skataufnahme immer erlaubt.</translation>
    </message>
    <message>
        <source>When checked, any player may play a Grand Hand instead of the Ramsch.</source>
        <translation>Wenn angekreuzt, darf jeder Spieler statt des Ramschs einen Grand Hand spielen.</translation>
    </message>
    <message>
        <source>When checked, every Bock round is followed by a round of compulsory Ramsch, in which anyone may play a Grand Hand instead.</source>
        <translation>Wenn angekreuzt, folgt auf jede Bockrunde eine Runde Pflichtramsch, in der jeder stattdessen einen Grand Hand spielen darf.</translation>
    </message>
    <message>
        <source>When checked, only a defender who bid or held at least 18 may say Kontra.</source>
        <translation>Wenn angekreuzt, darf nur ein Gegenspieler Kontra sagen, der mindestens 18 gereizt oder gehalten hat.</translation>
    </message>
    <message>
        <source>When checked, the declarer may change his game, higher or lower, until the first card is played (Texas). The ISkO does not allow it.</source>
        <translation>Wenn angekreuzt, darf der Alleinspieler sein Spiel bis zur ersten ausgespielten Karte höher oder niedriger umsagen (Texas). Die ISkO erlaubt das nicht.</translation>
    </message>
    <message>
        <source>When the declarer may give up his game. A defender may always concede.</source>
        <translation>Wann der Alleinspieler sein Spiel aufgeben darf. Ein Gegenspieler darf immer aufgeben.</translation>
    </message>
    <message>
        <source>Whether an announced Schneider or Schwarz adds its level even when the declarer does not reach it (ISkO), or only when he does (before 1999).</source>
        <translation>Ob angesagter Schneider oder Schwarz seine Stufe auch dann zählt, wenn der Alleinspieler sie nicht erreicht (ISkO), oder nur, wenn er sie erreicht (vor 1999).</translation>
    </message>
    <message>
        <source>Who counts the card points of the skat at the end of a Ramsch.</source>
        <translation>Wem am Ende eines Ramschs die Augen im Skat zählen.</translation>
    </message>
    <message>
        <source>Who loses when two players have the same, highest card points.</source>
        <translation>Wer verliert, wenn zwei Spieler gleich viele und die meisten Augen haben.</translation>
    </message>
</context>
<context>
    <name>QProgressDialog</name>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
</context>
<context>
    <name>RankingModel</name>
    <message>
        <source>%1 (lot)</source>
        <translation>%1 (Los)</translation>
    </message>
    <message>
        <source>%1.</source>
        <translation>%1.</translation>
    </message>
    <message>
        <source>Deals</source>
        <translation>Spiele</translation>
    </message>
    <message>
        <source>Equal on the rating, games won and games lost: the place was drawn by lot</source>
        <translation>Gleich in Wertung, gewonnenen und verlorenen Spielen: Der Platz wurde ausgelost</translation>
    </message>
    <message>
        <source>Lost</source>
        <translation>Verloren</translation>
    </message>
    <message>
        <source>Money</source>
        <translation>Geld</translation>
    </message>
    <message>
        <source>Per 48 deals</source>
        <translation>Je 48 Spiele</translation>
    </message>
    <message>
        <source>Place</source>
        <translation>Platz</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>Spieler</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>Punkte</translation>
    </message>
    <message>
        <source>Series</source>
        <translation>Serien</translation>
    </message>
    <message>
        <source>Won</source>
        <translation>Gewonnen</translation>
    </message>
</context>
<context>
    <name>Replay</name>
    <message>
        <source>move %1 cannot be replayed: %2</source>
        <translation>Zug %1 lässt sich nicht nachspielen: %2</translation>
    </message>
    <message>
        <source>the record ends before the deal is over</source>
        <translation>die Aufzeichnung endet vor dem Ende des Spiels</translation>
    </message>
    <message>
        <source>the record has no list of moves</source>
        <translation>die Aufzeichnung enthält keine Zugliste</translation>
    </message>
    <message>
        <source>the stored result differs from the replayed deal</source>
        <translation>das gespeicherte Ergebnis weicht vom nachgespielten Spiel ab</translation>
    </message>
</context>
<context>
    <name>SchiebenPanel</name>
    <message>
        <source>&amp;Take the skat</source>
        <translation>Skat &amp;nehmen</translation>
    </message>
    <message>
        <source>P&amp;ush it on</source>
        <translation>Schie&amp;ben</translation>
    </message>
    <message>
        <source>Schieberamsch</source>
        <translation>Schieberamsch</translation>
    </message>
    <message>
        <source>Take the skat and pass two cards on, or push it on unseen (each push doubles).</source>
        <translation>Nehmen Sie den Skat und geben Sie zwei Karten weiter, oder schieben Sie ihn ungesehen weiter (jedes Schieben verdoppelt).</translation>
    </message>
</context>
<context>
    <name>ScoreSheetView</name>
    <message>
        <source>B Bock round · R Ramsch round · K Kontra · Re Re · Ü overbid · ✎ corrected.</source>
        <translation>B Bockrunde · R Ramschrunde · K Kontra · Re Re · Ü überreizt · ✎ berichtigt.</translation>
    </message>
    <message>
        <source>Copy the sheet</source>
        <translation>Liste kopieren</translation>
    </message>
    <message>
        <source>No series chosen</source>
        <translation>Keine Serie gewählt</translation>
    </message>
    <message>
        <source>Reading the score sheet…</source>
        <translation>Spielliste wird gelesen…</translation>
    </message>
    <message>
        <source>Score sheet</source>
        <translation>Spielliste</translation>
    </message>
    <message>
        <source>Small numbers: the deal&apos;s score; large: the running total.</source>
        <translation>Kleine Zahlen: Ergebnis des Spiels; große: laufender Stand.</translation>
    </message>
    <message>
        <source>The sheet cannot be shown: %1</source>
        <translation>Die Liste kann nicht angezeigt werden: %1</translation>
    </message>
    <message>
        <source>closed</source>
        <translation>abgeschlossen</translation>
    </message>
    <message>
        <source>open</source>
        <translation>offen</translation>
    </message>
</context>
<context>
    <name>SeasonView</name>
    <message>
        <source>&amp;From:</source>
        <translation>&amp;Von:</translation>
    </message>
    <message>
        <source>&amp;Ranking by:</source>
        <translation>&amp;Wertung nach:</translation>
    </message>
    <message>
        <source>&amp;Season:</source>
        <translation>&amp;Saison:</translation>
    </message>
    <message>
        <source>&amp;To:</source>
        <translation>&amp;Bis:</translation>
    </message>
    <message>
        <source>All</source>
        <translation>Alle</translation>
    </message>
    <message>
        <source>All rule profiles</source>
        <translation>Alle Regelprofile</translation>
    </message>
    <message>
        <source>Chosen dates</source>
        <translation>Eigener Zeitraum</translation>
    </message>
    <message>
        <source>Last year</source>
        <translation>Letztes Jahr</translation>
    </message>
    <message>
        <source>No series with deals in this season.</source>
        <translation>Keine Serie mit Spielen in diesem Zeitraum.</translation>
    </message>
    <message>
        <source>R&amp;ules:</source>
        <translation>Re&amp;geln:</translation>
    </message>
    <message>
        <source>Season</source>
        <translation>Saison</translation>
    </message>
    <message>
        <source>The ranking cannot be computed: %1</source>
        <translation>Die Rangliste kann nicht berechnet werden: %1</translation>
    </message>
    <message>
        <source>This year</source>
        <translation>Dieses Jahr</translation>
    </message>
</context>
<context>
    <name>SeriesAdmin</name>
    <message>
        <source>&amp;Audit trail…</source>
        <translation>Änderungs&amp;protokoll…</translation>
    </message>
    <message>
        <source>&amp;Reopen…</source>
        <translation>&amp;Wieder öffnen…</translation>
    </message>
    <message>
        <source>&amp;Sign and close…</source>
        <translation>&amp;Unterschreiben und abschließen…</translation>
    </message>
    <message>
        <source>Deal %1 is typed but cannot be entered as it is. Discard it and sign?</source>
        <translation>Spiel %1 ist eingetippt, kann so aber nicht eingetragen werden. Möchten Sie es verwerfen und unterschreiben?</translation>
    </message>
    <message>
        <source>Deal %1 is typed but not entered. Enter it before signing?</source>
        <translation>Spiel %1 ist eingetippt, aber nicht eingetragen. Möchten Sie es vor dem Unterschreiben eintragen?</translation>
    </message>
</context>
<context>
    <name>SeriesListModel</name>
    <message>
        <source>Date</source>
        <translation>Datum</translation>
    </message>
    <message>
        <source>Deals</source>
        <translation>Spiele</translation>
    </message>
    <message>
        <source>Entered from real tables, line by line of the score sheet</source>
        <translation>Von echten Tischen eingetragen, Zeile für Zeile der Spielliste</translation>
    </message>
    <message>
        <source>Imported from a file</source>
        <translation>Aus einer Datei importiert</translation>
    </message>
    <message>
        <source>No deal stored yet</source>
        <translation>Noch kein Spiel gespeichert</translation>
    </message>
    <message>
        <source>Played in the program: every card is stored</source>
        <translation>Im Programm gespielt: jede Karte ist gespeichert</translation>
    </message>
    <message>
        <source>Players</source>
        <translation>Spieler</translation>
    </message>
    <message>
        <source>Rules</source>
        <translation>Regeln</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>Titel</translation>
    </message>
    <message>
        <source>Venue</source>
        <translation>Ort</translation>
    </message>
    <message>
        <source>closed</source>
        <translation>abgeschlossen</translation>
    </message>
    <message>
        <source>entered</source>
        <translation>eingetragen</translation>
    </message>
    <message>
        <source>imported</source>
        <translation>importiert</translation>
    </message>
    <message>
        <source>open</source>
        <translation>offen</translation>
    </message>
    <message>
        <source>played here</source>
        <translation>hier gespielt</translation>
    </message>
</context>
<context>
    <name>SeriesListView</name>
    <message>
        <source>All rule profiles</source>
        <translation>Alle Regelprofile</translation>
    </message>
    <message>
        <source>All years</source>
        <translation>Alle Jahre</translation>
    </message>
    <message>
        <source>Closed</source>
        <translation>Abgeschlossen</translation>
    </message>
    <message>
        <source>No series stored yet.</source>
        <translation>Noch keine Serie gespeichert.</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Offen</translation>
    </message>
    <message>
        <source>Open and closed</source>
        <translation>Offen und abgeschlossen</translation>
    </message>
    <message>
        <source>Open or closed</source>
        <translation>Offen oder abgeschlossen</translation>
    </message>
    <message>
        <source>Reading the series…</source>
        <translation>Die Serien werden gelesen…</translation>
    </message>
    <message>
        <source>Rule profile</source>
        <translation>Regelprofil</translation>
    </message>
    <message>
        <source>Search the series</source>
        <translation>Serien durchsuchen</translation>
    </message>
    <message>
        <source>Search title, venue, players</source>
        <translation>Titel, Ort, Spieler suchen</translation>
    </message>
    <message>
        <source>Series</source>
        <translation>Serie</translation>
    </message>
    <message>
        <source>Series: %1</source>
        <translation>Serien: %1</translation>
    </message>
    <message>
        <source>Series: %1 of %2</source>
        <translation>Serien: %1 von %2</translation>
    </message>
    <message>
        <source>The series cannot be listed: %1</source>
        <translation>Die Serien können nicht aufgelistet werden: %1</translation>
    </message>
    <message>
        <source>Year</source>
        <translation>Jahr</translation>
    </message>
</context>
<context>
    <name>SeriesOverPanel</name>
    <message>
        <source>&amp;New game…</source>
        <translation>&amp;Neues Spiel…</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>Spieler</translation>
    </message>
    <message>
        <source>Points</source>
        <translation>Punkte</translation>
    </message>
    <message>
        <source>Rating</source>
        <translation>Wertung</translation>
    </message>
    <message>
        <source>The series is over</source>
        <translation>Die Serie ist zu Ende</translation>
    </message>
</context>
<context>
    <name>SeriesPage</name>
    <message>
        <source>Double-click a series in the list, or choose it and press Enter.</source>
        <translation>Doppelklicken Sie eine Serie in der Liste oder wählen Sie sie aus und drücken Sie die Eingabetaste.</translation>
    </message>
    <message>
        <source>No series open</source>
        <translation>Keine Serie geöffnet</translation>
    </message>
    <message>
        <source>Players: %1</source>
        <translation>Spieler: %1</translation>
    </message>
    <message>
        <source>Reading the series…</source>
        <translation>Die Serie wird gelesen…</translation>
    </message>
    <message>
        <source>Series %1</source>
        <translation>Serie %1</translation>
    </message>
    <message>
        <source>The series cannot be shown: %1</source>
        <translation>Die Serie kann nicht angezeigt werden: %1</translation>
    </message>
    <message>
        <source>closed</source>
        <translation>abgeschlossen</translation>
    </message>
    <message>
        <source>closed, signed by %1 on %2 at %3</source>
        <translation>abgeschlossen, unterschrieben von %1 am %2 um %3</translation>
    </message>
    <message>
        <source>entered from real tables</source>
        <translation>von echten Tischen eingetragen</translation>
    </message>
    <message>
        <source>imported</source>
        <translation>importiert</translation>
    </message>
    <message>
        <source>open</source>
        <translation>offen</translation>
    </message>
    <message>
        <source>played in the program</source>
        <translation>im Programm gespielt</translation>
    </message>
    <message>
        <source>stake %1 ct a point</source>
        <translation>Einsatz %1 ct je Punkt</translation>
    </message>
</context>
<context>
    <name>SheetModel</name>
    <message>
        <source>#</source>
        <translation>Nr.</translation>
    </message>
    <message>
        <source>%1 in this deal, %2 in all</source>
        <translation>%1 in diesem Spiel, %2 insgesamt</translation>
    </message>
    <message>
        <source>%1, declared by %2</source>
        <translation>%1, gespielt von %2</translation>
    </message>
    <message>
        <source>%1.</source>
        <translation>%1.</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <source>Bo</source>
        <translation>Bo</translation>
    </message>
    <message>
        <source>Bock round: the score counts double</source>
        <translation>Bockrunde: Das Ergebnis zählt doppelt</translation>
    </message>
    <message>
        <source>Compulsory Ramsch round</source>
        <translation>Ramschrunde (Pflichtramsch)</translation>
    </message>
    <message>
        <source>Corrected</source>
        <translation>Berichtigt</translation>
    </message>
    <message>
        <source>Dealer</source>
        <translation>Geber</translation>
    </message>
    <message>
        <source>Declarer</source>
        <translation>Alleinspieler</translation>
    </message>
    <message>
        <source>Declarer</source>
        <comment>column heading on two lines</comment>
        <translation>Allein-
spieler</translation>
    </message>
    <message numerus="yes">
        <source>Doubled %n time(s): Kontra, Re, …</source>
        <translation>
            <numerusform>Einmal verdoppelt: Kontra, Re, …</numerusform>
            <numerusform>%n-mal verdoppelt: Kontra, Re, …</numerusform>
        </translation>
    </message>
    <message>
        <source>Game</source>
        <translation>Spiel</translation>
    </message>
    <message>
        <source>Hi</source>
        <translation>Hi</translation>
    </message>
    <message>
        <source>K</source>
        <translation>K</translation>
    </message>
    <message>
        <source>Money</source>
        <translation>Geld</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>Bemerkungen</translation>
    </message>
    <message>
        <source>Notes</source>
        <comment>column heading on two lines</comment>
        <translation>Bemer-
kungen</translation>
    </message>
    <message>
        <source>Overbid: the game was worth less than the bid</source>
        <translation>Überreizt: Das Spiel war weniger wert als das Reizgebot</translation>
    </message>
    <message>
        <source>Passed in</source>
        <translation>Eingepasst</translation>
    </message>
    <message>
        <source>Place</source>
        <translation>Platz</translation>
    </message>
    <message>
        <source>R</source>
        <translation>R</translation>
    </message>
    <message>
        <source>Rating (before 1999)</source>
        <translation>Wertung (vor 1999)</translation>
    </message>
    <message>
        <source>Re</source>
        <translation>Re</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Running total</source>
        <translation>Laufender Stand</translation>
    </message>
    <message>
        <source>Sat out: the dealer at a table of four</source>
        <translation>Ausgesetzt: der Geber am Vierertisch</translation>
    </message>
    <message>
        <source>Score + 50 per game won − 50 per game lost + 40 (30 at a table of four) for every game another player lost</source>
        <translation>Spielpunkte + 50 je gewonnenes Spiel − 50 je verlorenes Spiel + 40 (am Vierertisch 30) für jedes Spiel, das ein anderer Spieler verloren hat</translation>
    </message>
    <message>
        <source>Seeger-Fabian</source>
        <translation>Seeger-Fabian</translation>
    </message>
    <message>
        <source>Texas match points</source>
        <translation>Texas-Matchpunkte</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Summe</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Won / lost</source>
        <translation>Gewonnen / verloren</translation>
    </message>
    <message>
        <source>lost</source>
        <translation>verloren</translation>
    </message>
    <message>
        <source>won</source>
        <translation>gewonnen</translation>
    </message>
    <message>
        <source>Ü</source>
        <translation>Ü</translation>
    </message>
</context>
<context>
    <name>SignDialog</name>
    <message>
        <source>&amp;Reason:</source>
        <translation>&amp;Grund:</translation>
    </message>
    <message>
        <source>&amp;Remark:</source>
        <translation>&amp;Bemerkung:</translation>
    </message>
    <message>
        <source>&amp;Reopen</source>
        <translation>&amp;Wieder öffnen</translation>
    </message>
    <message>
        <source>&amp;Sign and close</source>
        <translation>&amp;Unterschreiben und abschließen</translation>
    </message>
    <message>
        <source>Only %1 played.</source>
        <translation>Nur %1 gespielt.</translation>
    </message>
    <message>
        <source>Reopen the score sheet</source>
        <translation>Spielliste wieder öffnen</translation>
    </message>
    <message>
        <source>Reopened &amp;by:</source>
        <translation>Geöffnet &amp;von:</translation>
    </message>
    <message>
        <source>Reopening a signed sheet needs a reason.</source>
        <translation>Eine unterschriebene Liste wird nur mit einer Begründung wieder geöffnet.</translation>
    </message>
    <message>
        <source>Saving…</source>
        <translation>Wird gespeichert…</translation>
    </message>
    <message>
        <source>Say who reopens the sheet.</source>
        <translation>Bitte angeben, wer die Liste wieder öffnet.</translation>
    </message>
    <message>
        <source>Say who signs the sheet.</source>
        <translation>Bitte angeben, wer die Liste unterschreibt.</translation>
    </message>
    <message>
        <source>Sign the score sheet</source>
        <translation>Spielliste unterschreiben</translation>
    </message>
    <message>
        <source>Signed &amp;by:</source>
        <translation>Unterschrieben &amp;von:</translation>
    </message>
    <message>
        <source>Signing closes the sheet: no game can be entered or corrected until it is reopened with a reason.</source>
        <translation>Die Unterschrift schließt die Liste ab: Kein Spiel kann eingetragen oder berichtigt werden, bis sie mit einer Begründung wieder geöffnet wird.</translation>
    </message>
    <message>
        <source>The sheet is signed. Reopen it to correct a game; who reopens it and why is kept in its audit trail.</source>
        <translation>Die Liste ist unterschrieben. Zum Berichtigen eines Spiels wird sie wieder geöffnet; wer sie öffnet und warum, steht danach im Änderungsprotokoll.</translation>
    </message>
    <message>
        <source>signed</source>
        <translation>unterschrieben</translation>
    </message>
</context>
<context>
    <name>SkatPanel</name>
    <message>
        <source>&amp;Pick up the skat</source>
        <translation>Skat auf&amp;nehmen</translation>
    </message>
    <message>
        <source>Pick up the skat, or play a Hand game without it.</source>
        <translation>Nehmen Sie den Skat auf oder spielen Sie ein Handspiel ohne ihn.</translation>
    </message>
    <message>
        <source>Play ha&amp;nd…</source>
        <translation>Han&amp;d spielen…</translation>
    </message>
    <message>
        <source>You play at %1</source>
        <translation>Sie spielen, gereizt bis %1</translation>
    </message>
</context>
<context>
    <name>Speech</name>
    <message>
        <source>No speech engine is installed on this computer.</source>
        <translation>Auf diesem Computer ist keine Sprachausgabe installiert.</translation>
    </message>
    <message>
        <source>Text to speech is not available on this computer.</source>
        <translation>Sprachausgabe ist auf diesem Computer nicht verfügbar.</translation>
    </message>
    <message>
        <source>The speech engine could not start.</source>
        <translation>Die Sprachausgabe konnte nicht starten.</translation>
    </message>
</context>
<context>
    <name>StatisticsView</name>
    <message>
        <source>%</source>
        <translation>%</translation>
    </message>
    <message>
        <source>%1 series of that day had the same table and rules; all of them are counted.</source>
        <translation>%1 Serien an diesem Tag hatten denselben Tisch und dieselben Regeln; alle werden gezählt.</translation>
    </message>
    <message>
        <source>&amp;From:</source>
        <translation>V&amp;on:</translation>
    </message>
    <message>
        <source>&amp;Player:</source>
        <translation>S&amp;pieler:</translation>
    </message>
    <message>
        <source>&amp;Ranking by:</source>
        <translation>&amp;Rangliste nach:</translation>
    </message>
    <message>
        <source>&amp;Series:</source>
        <translation>S&amp;erie:</translation>
    </message>
    <message>
        <source>&amp;To:</source>
        <translation>&amp;Bis:</translation>
    </message>
    <message>
        <source>All games</source>
        <translation>Alle Spiele</translation>
    </message>
    <message>
        <source>All rule profiles</source>
        <translation>Alle Regelprofile</translation>
    </message>
    <message>
        <source>All series</source>
        <translation>Alle Serien</translation>
    </message>
    <message>
        <source>As declarer</source>
        <translation>Als Alleinspieler</translation>
    </message>
    <message>
        <source>As defender</source>
        <translation>Als Gegenspieler</translation>
    </message>
    <message>
        <source>Average game value</source>
        <translation>Durchschnittlicher Spielwert</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>Wird berechnet…</translation>
    </message>
    <message>
        <source>Deals</source>
        <translation>Spiele</translation>
    </message>
    <message>
        <source>Deals played</source>
        <translation>Davon mitgespielt</translation>
    </message>
    <message>
        <source>Declarer lost</source>
        <translation>Alleinspieler hat verloren</translation>
    </message>
    <message>
        <source>Defence</source>
        <translation>Gegenspiel</translation>
    </message>
    <message>
        <source>Evaluation</source>
        <translation>Wertung</translation>
    </message>
    <message>
        <source>Figures</source>
        <translation>Kennzahlen</translation>
    </message>
    <message>
        <source>Game points</source>
        <translation>Spielpunkte</translation>
    </message>
    <message>
        <source>Games</source>
        <translation>Spiele</translation>
    </message>
    <message>
        <source>Games declared</source>
        <translation>Alleinspiele</translation>
    </message>
    <message>
        <source>Games declared by game type</source>
        <translation>Alleinspiele nach Spielart</translation>
    </message>
    <message>
        <source>Games defended</source>
        <translation>Gegenspiele</translation>
    </message>
    <message>
        <source>Hand</source>
        <translation>Hand</translation>
    </message>
    <message>
        <source>Kontra successful</source>
        <translation>Kontra erfolgreich</translation>
    </message>
    <message>
        <source>Lost</source>
        <translation>Verloren</translation>
    </message>
    <message>
        <source>No games yet for this choice.</source>
        <translation>Noch keine Spiele für diese Auswahl.</translation>
    </message>
    <message>
        <source>No player chosen</source>
        <translation>Kein Spieler gewählt</translation>
    </message>
    <message>
        <source>Ouvert</source>
        <translation>Ouvert</translation>
    </message>
    <message>
        <source>Overbid</source>
        <translation>Überreizt</translation>
    </message>
    <message>
        <source>Passed in</source>
        <translation>Eingepasst</translation>
    </message>
    <message>
        <source>R&amp;ules:</source>
        <translation>Re&amp;geln:</translation>
    </message>
    <message>
        <source>Ramsch lost / played</source>
        <translation>Ramsch verloren / gespielt</translation>
    </message>
    <message>
        <source>Ranking</source>
        <translation>Rangliste</translation>
    </message>
    <message>
        <source>Rating (before 1999)</source>
        <translation>Wertung (vor 1999)</translation>
    </message>
    <message>
        <source>Sat out as dealer</source>
        <translation>Als Geber ausgesetzt</translation>
    </message>
    <message>
        <source>Schneider won / suffered</source>
        <translation>Schneider gewonnen / erlitten</translation>
    </message>
    <message>
        <source>Schneider, Schwarz, Ramsch</source>
        <translation>Schneider, Schwarz, Ramsch</translation>
    </message>
    <message>
        <source>Schwarz won / suffered</source>
        <translation>Schwarz gewonnen / erlitten</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>Punkte</translation>
    </message>
    <message>
        <source>Score (game points)</source>
        <translation>Punkte (Spielpunkte)</translation>
    </message>
    <message>
        <source>Score over time (after each series)</source>
        <translation>Punkte im Verlauf (nach jeder Serie)</translation>
    </message>
    <message>
        <source>Season ranking</source>
        <translation>Saisonrangliste</translation>
    </message>
    <message>
        <source>Seeger-Fabian</source>
        <translation>Seeger-Fabian</translation>
    </message>
    <message>
        <source>Seeger-Fabian per 48 deals</source>
        <translation>Seeger-Fabian je 48 Spiele</translation>
    </message>
    <message>
        <source>Series</source>
        <translation>Serien</translation>
    </message>
    <message>
        <source>Share of the deals played</source>
        <translation>Anteil an den mitgespielten Spielen</translation>
    </message>
    <message>
        <source>Suit</source>
        <translation>Farbspiel</translation>
    </message>
    <message>
        <source>Texas match points</source>
        <translation>Texas-Matchpunkte</translation>
    </message>
    <message>
        <source>The statistics cannot be computed: %1</source>
        <translation>Die Statistik kann nicht berechnet werden: %1</translation>
    </message>
    <message>
        <source>Win rate</source>
        <translation>Gewinnquote</translation>
    </message>
    <message>
        <source>Win rate by game type</source>
        <translation>Gewinnquote nach Spielart</translation>
    </message>
    <message>
        <source>Won</source>
        <translation>Gewonnen</translation>
    </message>
    <message>
        <source>Won (%)</source>
        <translation>Gewonnen (%)</translation>
    </message>
    <message>
        <source>Won / lost</source>
        <translation>Gewonnen / verloren</translation>
    </message>
    <message>
        <source>Won against Kontra</source>
        <translation>Gegen Kontra gewonnen</translation>
    </message>
</context>
<context>
    <name>StoreLoader</name>
    <message>
        <source>Unexpected error: %1</source>
        <translation>Unerwarteter Fehler: %1</translation>
    </message>
</context>
<context>
    <name>StoreWriter</name>
    <message>
        <source>deal %1 could not be stored: %2</source>
        <translation>Spiel %1 konnte nicht gespeichert werden: %2</translation>
    </message>
    <message>
        <source>the table could not be saved for later: %1</source>
        <translation>der Tisch konnte nicht für später gesichert werden: %1</translation>
    </message>
</context>
<context>
    <name>Table</name>
    <message>
        <source>%1 plays %2</source>
        <translation>%1 spielt %2</translation>
    </message>
    <message>
        <source>%1 won the bidding at %2</source>
        <translation>%1 hat das Reizen bei %2 gewonnen</translation>
    </message>
    <message>
        <source>Bidding</source>
        <translation>Reizen</translation>
    </message>
    <message>
        <source>Bidding: %1 (%2)</source>
        <translation>Reizen: %1 (%2)</translation>
    </message>
    <message>
        <source>Bidding: %1, held by %2</source>
        <translation>Reizen: %1, gehalten von %2</translation>
    </message>
    <message>
        <source>Bock round</source>
        <translation>Bockrunde</translation>
    </message>
    <message>
        <source>Deal %1</source>
        <translation>Spiel %1</translation>
    </message>
    <message>
        <source>Deal %1 of %2</source>
        <translation>Spiel %1 von %2</translation>
    </message>
    <message>
        <source>Dealer</source>
        <translation>Geber</translation>
    </message>
    <message>
        <source>Dealer, sits out</source>
        <translation>Geber, setzt aus</translation>
    </message>
    <message>
        <source>Declarer</source>
        <translation>Alleinspieler</translation>
    </message>
    <message>
        <source>Everyone passed: Grand Hand or Ramsch?</source>
        <translation>Alle haben gepasst: Grand Hand oder Ramsch?</translation>
    </message>
    <message>
        <source>Pass</source>
        <translation>Passe</translation>
    </message>
    <message>
        <source>Yes</source>
        <translation>Ja</translation>
    </message>
    <message>
        <source>bid %1</source>
        <translation>gereizt %1</translation>
    </message>
    <message>
        <source>pushed %1×</source>
        <translation>%1× geschoben</translation>
    </message>
    <message>
        <source>the deal is over</source>
        <translation>das Spiel ist zu Ende</translation>
    </message>
</context>
<context>
    <name>TableBox</name>
    <message>
        <source>A fourth player: the dealer sits out each deal.</source>
        <translation>Ein vierter Spieler: der Geber setzt jedes Spiel aus.</translation>
    </message>
    <message>
        <source>First dealer:</source>
        <translation>Erster Geber:</translation>
    </message>
    <message>
        <source>Remove this table</source>
        <translation>Diesen Tisch entfernen</translation>
    </message>
    <message>
        <source>Seat %1</source>
        <translation>Platz %1</translation>
    </message>
    <message>
        <source>Seat %1:</source>
        <translation>Platz %1:</translation>
    </message>
    <message>
        <source>Table %1</source>
        <translation>Tisch %1</translation>
    </message>
    <message>
        <source>empty: three players</source>
        <translation>leer: drei Spieler</translation>
    </message>
</context>
<context>
    <name>TablePanel</name>
    <message>
        <source>%1 (you)</source>
        <translation>%1 (Sie)</translation>
    </message>
    <message>
        <source>%1 at %2</source>
        <translation>%1 bei %2</translation>
    </message>
    <message>
        <source>%1 at %2 is gone: trying again (try %3)…</source>
        <translation>%1 unter %2 ist weg: neuer Versuch (%3.)…</translation>
    </message>
    <message>
        <source>&amp;Send</source>
        <translation>Sen&amp;den</translation>
    </message>
    <message>
        <source>A word to the table…</source>
        <translation>Ein Wort an den Tisch…</translation>
    </message>
    <message>
        <source>Chat</source>
        <translation>Chat</translation>
    </message>
    <message>
        <source>Connected to %1 at %2</source>
        <translation>Verbunden mit %1 unter %2</translation>
    </message>
    <message>
        <source>Deal %1: %2 pledged bytes and did not open them</source>
        <translation>Spiel %1: %2 hat einen Beitrag zugesagt und nicht offengelegt</translation>
    </message>
    <message>
        <source>Deal %1: NOT verified (%2)</source>
        <translation>Spiel %1: NICHT geprüft (%2)</translation>
    </message>
    <message>
        <source>Deal %1: fetched afterwards</source>
        <translation>Spiel %1: nachträglich geholt</translation>
    </message>
    <message>
        <source>Deal %1: not checked (%2)</source>
        <translation>Spiel %1: nicht geprüft (%2)</translation>
    </message>
    <message>
        <source>Deal %1: not checked (you came after it was dealt)</source>
        <translation>Spiel %1: nicht geprüft (Sie kamen erst nach dem Geben)</translation>
    </message>
    <message>
        <source>Deal %1: not checked (you came during it)</source>
        <translation type="vanished">Spiel %1: nicht geprüft (Sie kamen währenddessen dazu)</translation>
    </message>
    <message>
        <source>Deal %1: the pledge of %2 came too late; dealt without it</source>
        <translation>Spiel %1: Die Zusage von %2 kam zu spät; ohne sie gegeben</translation>
    </message>
    <message>
        <source>Deal %1: verified</source>
        <translation>Spiel %1: geprüft</translation>
    </message>
    <message>
        <source>Fair deals</source>
        <translation>Faires Geben</translation>
    </message>
    <message>
        <source>No deal has been checked yet.</source>
        <translation>Noch kein Spiel geprüft.</translation>
    </message>
    <message>
        <source>Not at a table</source>
        <translation>An keinem Tisch</translation>
    </message>
    <message>
        <source>Not connected</source>
        <translation>Nicht verbunden</translation>
    </message>
    <message>
        <source>Seat %1</source>
        <translation>Platz %1</translation>
    </message>
    <message>
        <source>The table chats between deals, not during one.</source>
        <translation>Am Tisch wird zwischen den Spielen geplaudert, nicht währenddessen.</translation>
    </message>
    <message>
        <source>away</source>
        <translation>nicht da</translation>
    </message>
    <message>
        <source>away, a computer plays</source>
        <translation>nicht da, ein Computer spielt</translation>
    </message>
    <message>
        <source>away, the table waits</source>
        <translation>nicht da, der Tisch wartet</translation>
    </message>
    <message>
        <source>computer</source>
        <translation>Computer</translation>
    </message>
    <message>
        <source>here</source>
        <translation>da</translation>
    </message>
    <message>
        <source>not known: the host is gone</source>
        <translation>unbekannt: Gastgeber weg</translation>
    </message>
    <message>
        <source>open seat</source>
        <translation>freier Platz</translation>
    </message>
    <message>
        <source>seat %1</source>
        <translation>Platz %1</translation>
    </message>
    <message>
        <source>the host</source>
        <translation>Gastgeber</translation>
    </message>
</context>
<context>
    <name>TableSession</name>
    <message>
        <source>%1 is not played at a table of %2.</source>
        <translation>%1 wird nicht an einem Tisch mit %2 Plätzen gespielt.</translation>
    </message>
    <message>
        <source>%1 made a mistake; a simple move was played instead (%2)</source>
        <translation>%1 hat einen Fehler gemacht; stattdessen wurde ein einfacher Zug gespielt (%2)</translation>
    </message>
    <message>
        <source>A computer player found no move.</source>
        <translation>Ein Computerspieler hat keinen Zug gefunden.</translation>
    </message>
    <message>
        <source>A deal can be replayed once it is over.</source>
        <translation>Ein Spiel kann nachgespielt werden, wenn es zu Ende ist.</translation>
    </message>
    <message>
        <source>A deal number must be a whole number from 0 to 2^63 − 1.</source>
        <translation>Eine Spielnummer muss eine ganze Zahl von 0 bis 2^63 − 1 sein.</translation>
    </message>
    <message>
        <source>A hint is given when it is your turn.</source>
        <translation>Einen Tipp gibt es, wenn Sie dran sind.</translation>
    </message>
    <message>
        <source>A human player needs a name.</source>
        <translation>Ein Spieler braucht einen Namen.</translation>
    </message>
    <message>
        <source>Every seat needs a different name.</source>
        <translation>Jeder Platz braucht einen anderen Namen.</translation>
    </message>
    <message>
        <source>Hints are for practice tables.</source>
        <translation>Tipps gibt es nur am Übungstisch.</translation>
    </message>
    <message>
        <source>Hints are only given at a practice table.</source>
        <translation>Tipps gibt es nur an einem Übungstisch.</translation>
    </message>
    <message>
        <source>Hints are only given for your own seat.</source>
        <translation>Tipps gibt es nur für Ihren eigenen Platz.</translation>
    </message>
    <message>
        <source>It is not your turn.</source>
        <translation>Sie sind nicht am Zug.</translation>
    </message>
    <message>
        <source>No deal is being played.</source>
        <translation>Es wird gerade kein Spiel gespielt.</translation>
    </message>
    <message>
        <source>Not now: wait a moment and try again.</source>
        <translation>Gerade nicht: Versuchen Sie es gleich noch einmal.</translation>
    </message>
    <message>
        <source>Only the declarer&apos;s concession needs a defender&apos;s consent.</source>
        <translation>Nur die Aufgabe des Alleinspielers braucht die Zustimmung eines Gegenspielers.</translation>
    </message>
    <message>
        <source>Pushes</source>
        <translation>Schiebt</translation>
    </message>
    <message>
        <source>Replaying a deal is only possible at a practice table.</source>
        <translation>Ein Spiel nachspielen geht nur an einem Übungstisch.</translation>
    </message>
    <message>
        <source>Say which player moves to the other seat.</source>
        <translation>Geben Sie an, welcher Spieler auf den anderen Platz wechselt.</translation>
    </message>
    <message>
        <source>Showing all cards is only possible at a practice table.</source>
        <translation>Alle Karten zeigen geht nur an einem Übungstisch.</translation>
    </message>
    <message>
        <source>Someone else holds your seat now.</source>
        <translation>Jemand anderes hat jetzt Ihren Platz.</translation>
    </message>
    <message>
        <source>Takes the skat</source>
        <translation>Nimmt den Skat</translation>
    </message>
    <message>
        <source>Taking back a card is only possible at a practice table.</source>
        <translation>Eine Karte zurücknehmen geht nur an einem Übungstisch.</translation>
    </message>
    <message>
        <source>That is not a valid move.</source>
        <translation>Das ist kein gültiger Zug.</translation>
    </message>
    <message>
        <source>That is not possible now.</source>
        <translation>Das geht jetzt nicht.</translation>
    </message>
    <message>
        <source>The database %1 can no longer be written (it is read-only); the deal is kept in the window: make the file writable and press Save again.</source>
        <translation>Die Datenbank %1 kann nicht mehr geschrieben werden (sie ist schreibgeschützt); das Spiel bleibt im Fenster erhalten: Machen Sie die Datei beschreibbar und drücken Sie „Erneut speichern“.</translation>
    </message>
    <message>
        <source>The database file %1 was moved, replaced or deleted while the window had it open; the deal is kept in the window: put the file back under that name and press Save again.</source>
        <translation>Die Datenbankdatei %1 wurde verschoben, ersetzt oder gelöscht, während das Fenster sie geöffnet hatte; das Spiel bleibt im Fenster erhalten: Legen Sie die Datei wieder unter diesem Namen ab und drücken Sie „Erneut speichern“.</translation>
    </message>
    <message>
        <source>The database lacks deal %1 of this series.</source>
        <translation>In der Datenbank fehlt Spiel %1 dieser Serie.</translation>
    </message>
    <message>
        <source>The database no longer holds this series as the table has it: it was replaced meanwhile (restored from a backup?).</source>
        <translation>Die Datenbank enthält diese Serie nicht mehr so, wie der Tisch sie hat: Sie wurde inzwischen ersetzt (aus einer Sicherung wiederhergestellt?).</translation>
    </message>
    <message>
        <source>The database no longer matches this series (restored from a backup, or changed by another program); its deals cannot be saved there any more (%1)</source>
        <translation>Die Datenbank passt nicht mehr zu dieser Serie (aus einer Sicherung wiederhergestellt oder von einem anderen Programm geändert); ihre Spiele können dort nicht mehr gespeichert werden (%1)</translation>
    </message>
    <message>
        <source>The database was replaced while this series was played (restored from a backup?); its deals cannot be saved there any more (%1)</source>
        <translation type="vanished">Die Datenbank wurde während dieser Serie ersetzt (aus einer Sicherung wiederhergestellt?); ihre Spiele können dort nicht mehr gespeichert werden (%1)</translation>
    </message>
    <message>
        <source>The deal could not be saved; it waits and will be saved later (%1)</source>
        <translation>Das Spiel konnte nicht gespeichert werden; es wartet und wird später gespeichert (%1)</translation>
    </message>
    <message>
        <source>The deal in progress is not over yet.</source>
        <translation>Das laufende Spiel ist noch nicht zu Ende.</translation>
    </message>
    <message>
        <source>The deal is over.</source>
        <translation>Das Spiel ist zu Ende.</translation>
    </message>
    <message>
        <source>The host cannot save the table just now: play waits until it can.</source>
        <translation>Der Gastgeber kann den Tisch gerade nicht speichern: das Spiel wartet, bis er es kann.</translation>
    </message>
    <message>
        <source>The host closed the connection: nothing arrived in time.</source>
        <translation>Der Gastgeber hat die Verbindung beendet: es kam nichts rechtzeitig an.</translation>
    </message>
    <message>
        <source>The host could not handle your move; nothing changed. Try again.</source>
        <translation>Der Gastgeber konnte Ihren Zug nicht bearbeiten; nichts hat sich geändert. Versuchen Sie es noch einmal.</translation>
    </message>
    <message>
        <source>The host could not read your move; nothing changed. Try again.</source>
        <translation>Der Gastgeber konnte Ihren Zug nicht lesen; nichts hat sich geändert. Versuchen Sie es noch einmal.</translation>
    </message>
    <message>
        <source>The host does not know this window yet: join the table again.</source>
        <translation>Der Gastgeber kennt dieses Fenster noch nicht: Setzen Sie sich erneut an den Tisch.</translation>
    </message>
    <message>
        <source>The host is busy: try again in a moment.</source>
        <translation>Der Gastgeber ist beschäftigt: Versuchen Sie es gleich noch einmal.</translation>
    </message>
    <message>
        <source>The host is not connected: wait until the table is back.</source>
        <translation>Der Gastgeber ist nicht verbunden: Warten Sie, bis der Tisch wieder da ist.</translation>
    </message>
    <message>
        <source>The host plays another version of Skat: your move was not taken.</source>
        <translation>Der Gastgeber spielt eine andere Skat-Version: Ihr Zug wurde nicht angenommen.</translation>
    </message>
    <message>
        <source>The host refused your move.</source>
        <translation>Der Gastgeber hat Ihren Zug abgelehnt.</translation>
    </message>
    <message>
        <source>The planned number of deals must be more than 0.</source>
        <translation>Die geplante Zahl der Spiele muss größer als 0 sein.</translation>
    </message>
    <message>
        <source>The rules do not allow that move.</source>
        <translation>Diesen Zug erlauben die Regeln nicht.</translation>
    </message>
    <message>
        <source>The score sheet could not be stored just now.</source>
        <translation>Die Spielliste konnte gerade nicht gespeichert werden.</translation>
    </message>
    <message>
        <source>The series could not be saved yet (%1); its finished deals wait and are saved when you press Save again.</source>
        <translation>Die Serie konnte noch nicht gespeichert werden (%1); ihre beendeten Spiele warten und werden gespeichert, wenn Sie „Erneut speichern“ drücken.</translation>
    </message>
    <message>
        <source>The series is over.</source>
        <translation>Die Serie ist zu Ende.</translation>
    </message>
    <message>
        <source>The table has no room for another player.</source>
        <translation>Am Tisch ist kein Platz für einen weiteren Spieler.</translation>
    </message>
    <message>
        <source>The table moved on before your move arrived: look again.</source>
        <translation>Der Tisch war schon weiter, als Ihr Zug ankam: Schauen Sie noch einmal hin.</translation>
    </message>
    <message>
        <source>The table saved for later cannot be continued.</source>
        <translation>Der für später gespeicherte Tisch kann nicht fortgesetzt werden.</translation>
    </message>
    <message>
        <source>The table saved for later cannot be read.</source>
        <translation>Der für später gespeicherte Tisch kann nicht gelesen werden.</translation>
    </message>
    <message>
        <source>The table saved for later does not match the score sheet and cannot be continued.</source>
        <translation>Der für später gespeicherte Tisch passt nicht zur Spielliste und kann nicht fortgesetzt werden.</translation>
    </message>
    <message>
        <source>The table saved for later seats another program; it cannot be continued here.</source>
        <translation>Am für später gespeicherten Tisch sitzt ein fremdes Programm; er kann hier nicht fortgesetzt werden.</translation>
    </message>
    <message>
        <source>There is no Kontra or Re to let pass now.</source>
        <translation>Gerade gibt es kein Kontra oder Re, das Sie übergehen könnten.</translation>
    </message>
    <message>
        <source>There is no such seat at this table.</source>
        <translation>Diesen Platz gibt es an diesem Tisch nicht.</translation>
    </message>
    <message>
        <source>This deal is already on the score sheet; replay it instead.</source>
        <translation>Dieses Spiel steht schon in der Spielliste; spielen Sie es stattdessen noch einmal.</translation>
    </message>
    <message>
        <source>This seat is not yours to play.</source>
        <translation>Diesen Platz spielen Sie nicht.</translation>
    </message>
    <message>
        <source>This seat sits out this deal.</source>
        <translation>Dieser Platz setzt in diesem Spiel aus.</translation>
    </message>
    <message>
        <source>This series has other players at its seats.</source>
        <translation>An dieser Serie sitzen andere Spieler.</translation>
    </message>
    <message>
        <source>This series is closed; reopen it first.</source>
        <translation>Diese Serie ist abgeschlossen; öffnen Sie sie zuerst wieder.</translation>
    </message>
    <message>
        <source>This series is played under other rules or seats.</source>
        <translation>Diese Serie wird nach anderen Regeln oder an anderen Plätzen gespielt.</translation>
    </message>
    <message>
        <source>This series needs its database.</source>
        <translation>Diese Serie braucht ihre Datenbank.</translation>
    </message>
    <message>
        <source>This series plans %1.</source>
        <translation>Diese Serie sieht %1 vor.</translation>
    </message>
    <message>
        <source>This table is no longer there.</source>
        <translation>Diesen Tisch gibt es nicht mehr.</translation>
    </message>
    <message>
        <source>Too many moves at once: wait a moment.</source>
        <translation>Zu viele Züge auf einmal: Warten Sie einen Moment.</translation>
    </message>
    <message>
        <source>Wrong password for this table.</source>
        <translation>Falsches Passwort für diesen Tisch.</translation>
    </message>
    <message>
        <source>You are at this table already.</source>
        <translation>Sie sitzen schon an diesem Tisch.</translation>
    </message>
    <message>
        <source>You can only take back your own cards.</source>
        <translation>Sie können nur Ihre eigenen Karten zurücknehmen.</translation>
    </message>
    <message>
        <source>You cannot give up the game now, not even with consent.</source>
        <translation>Sie können das Spiel jetzt nicht aufgeben, auch nicht mit Zustimmung.</translation>
    </message>
    <message>
        <source>You cannot say Kontra or Re now.</source>
        <translation>Sie können jetzt nicht Kontra oder Re sagen.</translation>
    </message>
    <message>
        <source>You do not play at this table: join it again to play.</source>
        <translation>Sie spielen nicht an diesem Tisch: Setzen Sie sich erneut, um zu spielen.</translation>
    </message>
    <message>
        <source>You have not played a card in this deal.</source>
        <translation>Sie haben in diesem Spiel noch keine Karte gespielt.</translation>
    </message>
    <message>
        <source>Your last move is still on its way to the host.</source>
        <translation>Ihr letzter Zug ist noch unterwegs zum Gastgeber.</translation>
    </message>
    <message>
        <source>Your seat could not be given back.</source>
        <translation>Ihr Platz konnte nicht zurückgegeben werden.</translation>
    </message>
    <message>
        <source>it chose an illegal move</source>
        <translation>er wählte einen unzulässigen Zug</translation>
    </message>
    <message>
        <source>it failed</source>
        <translation>er ist gescheitert</translation>
    </message>
    <message>
        <source>no computer player</source>
        <translation>kein Computerspieler</translation>
    </message>
    <message>
        <source>the database cannot be written: %1</source>
        <translation>in die Datenbank kann nicht geschrieben werden: %1</translation>
    </message>
    <message>
        <source>the rules refused its move</source>
        <translation>die Regeln ließen seinen Zug nicht zu</translation>
    </message>
</context>
<context>
    <name>TableView</name>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>Card table</source>
        <translation>Kartentisch</translation>
    </message>
    <message>
        <source>Chosen card: %1.</source>
        <translation>Gewählte Karte: %1.</translation>
    </message>
    <message>
        <source>For the skat: %1.</source>
        <translation>Für den Skat: %1.</translation>
    </message>
    <message>
        <source>No cards in your hand.</source>
        <translation>Keine Karten auf der Hand.</translation>
    </message>
    <message>
        <source>On the table: %1.</source>
        <translation>Auf dem Tisch: %1.</translation>
    </message>
    <message>
        <source>Your hand: %1.</source>
        <translation>Ihre Hand: %1.</translation>
    </message>
</context>
<context>
    <name>WelcomePanel</name>
    <message>
        <source>&amp;New game…</source>
        <translation>&amp;Neues Spiel…</translation>
    </message>
    <message>
        <source>&amp;Play</source>
        <translation>S&amp;pielen</translation>
    </message>
    <message>
        <source>Computer players:</source>
        <translation>Computerspieler:</translation>
    </message>
    <message>
        <source>Welcome to Skat</source>
        <translation>Willkommen beim Skat</translation>
    </message>
    <message>
        <source>beginner</source>
        <translation>Anfänger</translation>
    </message>
    <message>
        <source>expert</source>
        <translation>Experte</translation>
    </message>
    <message>
        <source>more simulations per card; slower</source>
        <translation>mehr Simulationen pro Karte; langsamer</translation>
    </message>
    <message>
        <source>plans by simulating deals (about 1 s per card); beats the classic free Skat program by about 9 points per game</source>
        <translation>plant, indem es Spiele durchrechnet (etwa 1 s pro Karte); schlägt das klassische freie Skatprogramm um etwa 9 Punkte pro Spiel</translation>
    </message>
    <message>
        <source>plays any legal card (a baseline)</source>
        <translation>spielt irgendeine erlaubte Karte (zum Vergleich)</translation>
    </message>
    <message>
        <source>random moves</source>
        <translation>Zufallszüge</translation>
    </message>
    <message>
        <source>simple rules of thumb, quick</source>
        <translation>einfache Faustregeln, schnell</translation>
    </message>
    <message>
        <source>standard</source>
        <translation>Standard</translation>
    </message>
</context>
</TS>
