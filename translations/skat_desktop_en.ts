<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>GameLog</name>
    <message numerus="yes">
        <source>%1 takes the trick: %n point(s)</source>
        <translation>
            <numerusform>%1 takes the trick: %n point</numerusform>
            <numerusform>%1 takes the trick: %n points</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>GameWords</name>
    <message numerus="yes">
        <source>%1 of %Ln deal(s)</source>
        <translation>
            <numerusform>%1 of %Ln deal</numerusform>
            <numerusform>%1 of %Ln deals</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %2 points, %n trick(s)</source>
        <translation>
            <numerusform>%1: %2 points, %n trick</numerusform>
            <numerusform>%1: %2 points, %n tricks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln deal(s)</source>
        <translation>
            <numerusform>%Ln deal</numerusform>
            <numerusform>%Ln deals</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n points safe in the skat</source>
        <translation>
            <numerusform>%n point safe in the skat</numerusform>
            <numerusform>%n points safe in the skat</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n trick(s)</source>
        <translation>
            <numerusform>%n trick</numerusform>
            <numerusform>%n tricks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>cashes %1 (%n points)</source>
        <translation>
            <numerusform>cashes %1 (%n point)</numerusform>
            <numerusform>cashes %1 (%n points)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>draws trumps: %n still out</source>
        <translation>
            <numerusform>draws trumps: %n still out</numerusform>
            <numerusform>draws trumps: %n still out</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>gives the partner %n points with %1</source>
        <translation>
            <numerusform>gives the partner %n point with %1</numerusform>
            <numerusform>gives the partner %n points with %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>pushed %n time(s)</source>
        <translation>
            <numerusform>pushed %n time</numerusform>
            <numerusform>pushed %n times</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>takes the trick with %1 (%n points so far)</source>
        <translation>
            <numerusform>takes the trick with %1 (%n point so far)</numerusform>
            <numerusform>takes the trick with %1 (%n points so far)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HistoryBrowser</name>
    <message numerus="yes">
        <source>%1 cost %n card point(s) (better: %2)</source>
        <translation>
            <numerusform>%1 cost %n card point (better: %2)</numerusform>
            <numerusform>%1 cost %n card points (better: %2)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>−%n point(s)</source>
        <translation>
            <numerusform>−%n point</numerusform>
            <numerusform>−%n points</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LanPlay</name>
    <message numerus="yes">
        <source>%n player(s)</source>
        <translation>
            <numerusform>%n player</numerusform>
            <numerusform>%n players</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n watcher(s)</source>
        <translation>
            <numerusform>%n watcher</numerusform>
            <numerusform>%n watchers</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SheetModel</name>
    <message numerus="yes">
        <source>Doubled %n time(s): Kontra, Re, …</source>
        <translation>
            <numerusform>Doubled %n time: Kontra, Re, …</numerusform>
            <numerusform>Doubled %n times: Kontra, Re, …</numerusform>
        </translation>
    </message>
</context>
</TS>
